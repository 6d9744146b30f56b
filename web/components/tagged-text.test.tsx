import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TaggedText } from './tagged-text.tsx';

describe('TaggedText', () => {
  it('sets each tagged part in its element and keeps the rest as text, in order', () => {
    const { container } = render(
      <p>
        <TaggedText
          text="I agree to the <terms>Terms of Service</terms> and the <privacy>Privacy Policy</privacy>"
          components={{ terms: <a href="/terms" />, privacy: <a href="/privacy" /> }}
        />
      </p>,
    );
    expect(container.innerHTML).toBe(
      '<p>I agree to the <a href="/terms">Terms of Service</a> and the <a href="/privacy">Privacy Policy</a></p>',
    );
  });

  it('writes a right-to-left sentence the same way, and leaves a tag without a component as text', () => {
    const { container } = render(
      <p>
        <TaggedText text="<price>₪450</price> ללילה <other>x</other>" components={{ price: <b /> }} />
      </p>,
    );
    expect(container.innerHTML).toBe('<p><b>₪450</b> ללילה &lt;other&gt;x&lt;/other&gt;</p>');
  });
});
