import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Send } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render-page.tsx';
import { TransferDialog } from './transfer-dialog.tsx';

function renderDialog(recorded: Array<{ amount: number; reference: string }>) {
  renderPage(
    <TransferDialog
      max={500}
      trigger={{ icon: Send, label: 'Mark as sent' }}
      title="Payout to Dana"
      description="₪500 due"
      amountInvalid="From ₪1 to ₪500"
      confirmLabel="Record"
      recorded={(amount) => `Recorded ₪${amount}`}
      record={async (input) => {
        recorded.push(input);
      }}
      pending={false}
      testId="transfer"
      triggerTestId="transfer-open"
    />,
    { path: '/admin' },
  );
  fireEvent.click(screen.getByTestId('transfer-open'));
}

describe('TransferDialog', () => {
  it('refuses an amount above what is due and an empty reference, and records nothing', async () => {
    const recorded: Array<{ amount: number; reference: string }> = [];
    renderDialog(recorded);
    fireEvent.change(await screen.findByTestId('transfer-amount'), { target: { value: '501' } });
    fireEvent.click(screen.getByTestId('transfer-confirm'));
    expect(await screen.findByText('From ₪1 to ₪500')).toBeTruthy();
    expect(screen.getByText('Enter the transfer reference.', { exact: false })).toBeTruthy();
    expect(recorded).toEqual([]);
  });

  it('starts at what is due and records the amount with the trimmed reference', async () => {
    const recorded: Array<{ amount: number; reference: string }> = [];
    renderDialog(recorded);
    expect(((await screen.findByTestId('transfer-amount')) as HTMLInputElement).value).toBe('500');
    fireEvent.change(screen.getByTestId('transfer-amount'), { target: { value: '320' } });
    fireEvent.change(screen.getByTestId('transfer-reference'), { target: { value: '  TR-1  ' } });
    fireEvent.click(screen.getByTestId('transfer-confirm'));
    await waitFor(() => expect(recorded).toEqual([{ amount: 320, reference: 'TR-1' }]));
  });
});
