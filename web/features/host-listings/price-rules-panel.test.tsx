import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PriceRules } from '../../../core/contracts/price-rules.ts';
import { renderPage, stubApi } from '../../test/render-page.tsx';
import { PriceRulesPanel } from './price-rules-panel.tsx';

const passover = {
  id: 1,
  startDate: '2027-04-21',
  endDate: '2027-04-29',
  preset: 'passover' as const,
  adjustPercent: 30,
  price: null,
  minNights: null,
};

describe('PriceRulesPanel', () => {
  it('adds a holiday rule by percentage and lists it by its holiday, in Hebrew too', async () => {
    const sent: unknown[] = [];
    let rules: PriceRules = { rules: [] };
    stubApi({
      '/api/host/listings/7/price-rules': (init: RequestInit | undefined) => {
        if (init?.method === 'POST') {
          sent.push(JSON.parse(String(init.body)));
          rules = { rules: [passover] };
          return Response.json(rules, { status: 201 });
        }
        return Response.json(rules);
      },
    });
    renderPage(<PriceRulesPanel listingId={7} propertyType="hotel" range={{ checkIn: '', checkOut: '' }} onAdded={() => undefined} />, {
      path: '/he/host/listings/7/calendar',
    });
    expect(await screen.findByText('עדיין אין כללים עונתיים.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('price-rule-amount'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('price-rule-add'));
    const listed = await screen.findByTestId('price-rule');
    expect(sent).toEqual([{ preset: 'passover', adjustPercent: 30, price: null, minNights: null }]);
    expect(listed.textContent).toContain('פסח 2027');
    expect(screen.getByRole('button', { name: 'הסרה: פסח 2027' })).toBeTruthy();
  });

  it('offers the picked dates only once both are picked, and a fixed price in the listing’s unit', async () => {
    stubApi({ '/api/host/listings/8/price-rules': { rules: [] } });
    renderPage(
      <PriceRulesPanel listingId={8} propertyType="rental" range={{ checkIn: '2027-07-01', checkOut: '' }} onAdded={() => undefined} />,
      { path: '/host/listings/8/calendar' },
    );
    fireEvent.click(await screen.findByTestId('price-rule-when-dates'));
    fireEvent.click(screen.getByTestId('price-rule-change-price'));
    expect(screen.getByLabelText('Price per week (₪)')).toBeTruthy();
    fireEvent.change(screen.getByTestId('price-rule-amount'), { target: { value: '4000' } });
    await waitFor(() => expect((screen.getByTestId('price-rule-add') as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByText('Pick the dates on the calendar first.')).toBeTruthy();
  });
});
