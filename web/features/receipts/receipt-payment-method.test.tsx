import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import he from '../../i18n/he.json';
import { renderPage } from '../../test/render-page.tsx';
import { ReceiptPaymentMethod } from './receipt-payment-method.tsx';

// Issue 37 item 8: an unpaid stay paid on arrival says how it will be paid, never "Paid: On arrival".
describe('the receipt says how a stay paid on arrival is paid', () => {
  for (const [path, text] of [
    ['/', en],
    ['/he', he],
  ] as const) {
    it(`before the stay, in ${path === '/' ? 'English' : 'Hebrew'}`, () => {
      renderPage(<ReceiptPaymentMethod receipt={{ paymentMethod: 'on_arrival', paymentStatus: 'due_on_arrival', status: 'confirmed' }} />, {
        path,
      });
      const line = screen.getByTestId('receipt-method').textContent;
      expect(line).toBe(`${text.hostMoney.receipt.howPaid}: ${text.hostMoney.receipt.onArrivalUnpaid}`);
      expect(line).not.toContain(text.receipts.method);
    });

    it(`after the stay, and when cancelled, in ${path === '/' ? 'English' : 'Hebrew'}`, () => {
      renderPage(<ReceiptPaymentMethod receipt={{ paymentMethod: 'on_arrival', paymentStatus: 'due_on_arrival', status: 'completed' }} />, {
        path,
      });
      expect(screen.getByTestId('receipt-method').textContent).toBe(`${text.receipts.method}: ${text.receipts.methods.on_arrival}`);
    });

    it(`a cancelled stay was never paid, in ${path === '/' ? 'English' : 'Hebrew'}`, () => {
      renderPage(<ReceiptPaymentMethod receipt={{ paymentMethod: 'on_arrival', paymentStatus: 'cancelled', status: 'cancelled' }} />, {
        path,
      });
      expect(screen.getByTestId('receipt-method').textContent).toContain(text.hostMoney.receipt.onArrivalCancelled);
    });

    it(`a card stay is paid by card, in ${path === '/' ? 'English' : 'Hebrew'}`, () => {
      renderPage(<ReceiptPaymentMethod receipt={{ paymentMethod: 'card', paymentStatus: 'captured', status: 'confirmed' }} />, { path });
      expect(screen.getByTestId('receipt-method').textContent).toBe(`${text.receipts.method}: ${text.receipts.methods.card}`);
    });
  }
});
