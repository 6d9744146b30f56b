import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json' with { type: 'json' };
import he from '../i18n/he.json' with { type: 'json' };
import { TranslatorProvider } from '../i18n/use-translation.tsx';
import { Translator } from '../i18n/translator.ts';
import { MaskingNotice, maskedWhat } from './masking-notice.tsx';

const english = new Translator('en', { en });
const hebrew = new Translator('he', { he });

describe('masking notice', () => {
  it('names what was hidden as a phrase of the language', () => {
    expect(maskedWhat(english.t, ['phone'])).toBe('a phone number');
    expect(maskedWhat(english.t, ['phone', 'email', 'payment'])).toBe(
      'a phone number, an e-mail address and a request to pay outside Lina',
    );
    expect(maskedWhat(hebrew.t, ['phone', 'link'])).toBe('מספר טלפון וקישור');
    expect(maskedWhat(english.t, [])).toBe('');
  });

  it('tells the writer why, the reader that something was hidden, and nothing when nothing was', () => {
    const { rerender, container } = render(
      <TranslatorProvider translator={hebrew}>
        <MaskingNotice kinds={['phone']} kind="mine" />
      </TranslatorProvider>,
    );
    expect(screen.getByRole('note').textContent).toBe(he.messages.maskedMine.replace('{{what}}', 'מספר טלפון'));
    rerender(
      <TranslatorProvider translator={english}>
        <MaskingNotice kinds={['link']} kind="theirs" />
      </TranslatorProvider>,
    );
    expect(screen.getByRole('note').textContent).toBe(en.messages.maskedTheirs);
    rerender(
      <TranslatorProvider translator={english}>
        <MaskingNotice kinds={[]} kind="listing" />
      </TranslatorProvider>,
    );
    expect(container.textContent).toBe('');
  });
});
