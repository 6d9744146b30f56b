import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import he from '../../i18n/he.json';
import { initI18n } from '../../i18n/index.ts';
import { Button } from './button.tsx';
import { ConfirmDialog, Dialog, DialogActions } from './dialog.tsx';

const i18n = initI18n('/', { en, he });
afterEach(cleanup);

function Example({ closeButton }: { closeButton?: boolean }) {
  return (
    <Dialog
      title="Delete listing"
      description="This cannot be undone."
      closeButton={closeButton ?? true}
      testId="example"
      trigger={<Button>Open</Button>}
    >
      <input aria-label="Reason" />
      <DialogActions>
        <Button>Delete</Button>
      </DialogActions>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('gives its trigger the dialog attributes before Radix has loaded', () => {
    render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Open' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens from its trigger, named by its title and described by its description', async () => {
    const user = userEvent.setup();
    render(<Example />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete listing' });
    const describedBy = dialog.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe('This cannot be undone.');
    expect(dialog.dataset['testid']).toBe('example');
  });

  it('moves focus inside and closes on Escape, giving focus back to the trigger', async () => {
    const user = userEvent.setup();
    render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Open' });
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes with its translated close button and with Cancel', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves out the close button when asked', async () => {
    const user = userEvent.setup();
    render(<Example closeButton={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('lays out right to left in Hebrew, with Hebrew labels', async () => {
    await i18n.changeLanguage('he');
    try {
      const user = userEvent.setup();
      render(<Example />);
      await user.click(screen.getByRole('button', { name: 'Open' }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog.getAttribute('dir')).toBe('rtl');
      expect(screen.getByRole('button', { name: i18n.t('common.close') })).toBeTruthy();
      expect(i18n.t('common.close')).not.toBe('Close');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('ConfirmDialog', () => {
  function Confirm({ pending = false, onConfirm }: { pending?: boolean; onConfirm: () => void }) {
    const [open, setOpen] = useState(false);
    return (
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Remove calendar"
        description="Its blocks go too."
        trigger={<Button>Remove</Button>}
        confirmLabel="Remove now"
        pending={pending}
        onConfirm={onConfirm}
      />
    );
  }

  it('is an alert dialog whose danger button runs the action and whose Cancel runs nothing', async () => {
    const user = userEvent.setup();
    let confirmed = 0;
    render(<Confirm onConfirm={() => (confirmed += 1)} />);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await screen.findByRole('alertdialog', { name: 'Remove calendar' });
    await user.click(screen.getByRole('button', { name: en.common.cancel }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(confirmed).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await screen.findByRole('alertdialog');
    await user.click(screen.getByRole('button', { name: 'Remove now' }));
    expect(confirmed).toBe(1);
  });

  it('cannot be confirmed twice while the action runs', async () => {
    const user = userEvent.setup();
    render(<Confirm pending onConfirm={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await screen.findByRole('alertdialog');
    expect((screen.getByRole('button', { name: 'Remove now' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
