import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HostListing } from '../../../core/contracts/host-listings.ts';
import { emptyListingDraft } from '../../../core/host-listing-rules.ts';
import { renderPage, stubApi } from '../../test/render-page.tsx';
import ListingWizardPage from './listing-wizard-page.tsx';

const listing = (patch: Partial<HostListing> = {}): HostListing => ({
  ...emptyListingDraft,
  id: 5,
  status: 'draft',
  rejectionReason: null,
  pendingChanges: false,
  changesRejectionReason: null,
  placeVerification: { status: 'none', kind: null, submittedAt: null, rejectionReason: null },
  place: null,
  photos: [],
  publishedAt: null,
  updatedAt: '2026-11-23T10:00:00Z',
  maskedKinds: [],
  ...patch,
});

/** The page's API with every write recorded; a write is what the wizard must not send for a step with problems. */
function api(answers: Record<string, unknown>) {
  const fetchStub = stubApi(answers);
  return { writes: () => fetchStub.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET').map(([url]) => String(url)) };
}

const edit = { route: '/host/listings/:id/edit' };

describe('ListingWizardPage', () => {
  it("shows an empty first step's errors on Next and stays, saving nothing", async () => {
    const calls = api({ '/api/profile': { idVerificationStatus: 'verified' } });
    renderPage(<ListingWizardPage />, { path: '/host/listings/new', route: '/host/listings/new' });
    await userEvent.click(await screen.findByTestId('wizard-next'));
    expect(await screen.findByTestId('wizard-place-error')).toBeTruthy();
    expect(screen.getByTestId('wizard-address').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('wizard-form-basics')).toBeTruthy();
    expect(calls.writes()).toEqual([]);
  });

  it('refuses a description without a word, or too short, when leaving the step', async () => {
    const calls = api({ '/api/host/listings/5': listing(), '/api/profile': { idVerificationStatus: 'verified' } });
    renderPage(<ListingWizardPage />, { path: '/host/listings/5/edit?step=describe', ...edit });
    await userEvent.type(await screen.findByTestId('wizard-titleEn'), 'A quiet flat');
    await userEvent.type(screen.getByTestId('wizard-titleHe'), 'דירה שקטה');
    await userEvent.type(screen.getByTestId('wizard-descriptionEn'), '.....');
    await userEvent.type(screen.getByTestId('wizard-descriptionHe'), 'קצר מדי');
    await userEvent.click(screen.getByTestId('wizard-next'));
    const form = screen.getByTestId('wizard-form-describe');
    expect(form.textContent).toContain('Please write it in words');
    expect(form.textContent).toContain('Please write a little more');
    expect(screen.getByTestId('wizard-descriptionEn').getAttribute('aria-invalid')).toBe('true');
    expect(calls.writes()).toEqual([]);
  });

  it('keeps the host on the photos step until there is a photo', async () => {
    api({ '/api/host/listings/5': listing(), '/api/profile': { idVerificationStatus: 'verified' } });
    renderPage(<ListingWizardPage />, { path: '/host/listings/5/edit?step=photos', ...edit });
    await userEvent.click(await screen.findByTestId('wizard-next'));
    expect((await screen.findByTestId('wizard-photos-problem')).textContent).toBe('Photos: This field is required');
  });

  it('tells only a host without a verified ID that only verified hosts can publish', async () => {
    const review = { path: '/host/listings/5/edit?step=review', ...edit };
    api({ '/api/host/listings/5': listing() });
    const verified = renderPage(<ListingWizardPage />, { ...review, queryData: [[['profile'], { idVerificationStatus: 'verified' }]] });
    await screen.findByTestId('wizard-review');
    expect(screen.queryByTestId('wizard-verified-only')).toBeNull();
    verified.unmount();

    renderPage(<ListingWizardPage />, { ...review, queryData: [[['profile'], { idVerificationStatus: 'pending' }]] });
    expect((await screen.findByTestId('wizard-verified-only')).textContent).toBe('Only hosts with a verified ID can publish listings.');
  });

  it('lets a rental host set fees, discounts and a policy on the details step, and saves them with it', async () => {
    const rental = listing({ propertyType: 'rental', pricePerWeek: 3000, leaseOptions: ['1 week'], maxGuests: 4 });
    const saved: unknown[] = [];
    stubApi({
      '/api/profile': { idVerificationStatus: 'verified' },
      '/api/host/listings/5': (init: RequestInit | undefined) => {
        if (init?.method === 'PATCH') saved.push(JSON.parse(String(init.body)));
        return Response.json(rental);
      },
    });
    renderPage(<ListingWizardPage />, { path: '/host/listings/5/edit?step=details', ...edit });
    const cleaning = await screen.findByTestId('wizard-cleaningFee');
    await userEvent.clear(cleaning);
    await userEvent.type(cleaning, '250');
    await userEvent.clear(screen.getByTestId('wizard-securityDeposit'));
    await userEvent.type(screen.getByTestId('wizard-securityDeposit'), '1500');
    await userEvent.clear(screen.getByTestId('wizard-weeklyDiscountPercent'));
    await userEvent.type(screen.getByTestId('wizard-weeklyDiscountPercent'), '10');
    await userEvent.type(screen.getByTestId('wizard-guestsIncluded'), '2');
    expect(screen.getByTestId('wizard-policy-strict').textContent).toContain('Full refund until 14 days before check-in');
    await userEvent.click(screen.getByTestId('wizard-policy-strict'));
    await userEvent.click(screen.getByTestId('wizard-next'));
    await screen.findByTestId('wizard-form-amenities');
    expect(saved[0]).toMatchObject({
      cleaningFee: 250,
      securityDeposit: 1500,
      weeklyDiscountPercent: 10,
      monthlyDiscountPercent: 0,
      guestsIncluded: 2,
      cancellationPolicy: 'strict',
    });
  });

  it('tells a sublet host that the long-stay policy applies (no choice), and asks a deposit as of any home', async () => {
    api({ '/api/host/listings/5': listing({ propertyType: 'sublet' }), '/api/profile': { idVerificationStatus: 'verified' } });
    renderPage(<ListingWizardPage />, { path: '/host/listings/5/edit?step=details', ...edit });
    expect((await screen.findByTestId('wizard-policy-long-stay')).textContent).toContain('Full refund within 48 hours of booking');
    expect(screen.queryByTestId('wizard-policy-strict')).toBeNull();
    expect(screen.getByTestId('wizard-securityDeposit')).toBeTruthy();
  });

  it('shows a hotel neither a deposit nor an extra-guest fee', async () => {
    api({ '/api/host/listings/5': listing({ propertyType: 'hotel' }), '/api/profile': { idVerificationStatus: 'verified' } });
    renderPage(<ListingWizardPage />, { path: '/host/listings/5/edit?step=details', ...edit });
    await screen.findByTestId('wizard-cleaningFee');
    expect(screen.queryByTestId('wizard-securityDeposit')).toBeNull();
    expect(screen.queryByTestId('wizard-extraGuestFee')).toBeNull();
    expect(screen.getByTestId('wizard-policy-flexible')).toBeTruthy();
  });
});
