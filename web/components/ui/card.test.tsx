import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Card, cardClasses } from './card.tsx';
import { InlineError } from './inline-error.tsx';

afterEach(cleanup);

describe('Card', () => {
  it('renders a div by default, with the card surface and the extra classes', () => {
    render(<Card data-testid="card" className="p-6 shadow-sm" />);
    const card = screen.getByTestId('card');
    expect(card.tagName).toBe('DIV');
    expect(card.className).toBe(`${cardClasses} p-6 shadow-sm`);
  });

  it('renders as the element asked, keeping its attributes', () => {
    render(
      <ul>
        <Card as="li" data-testid="item" />
      </ul>,
    );
    render(<Card as="section" aria-label="Security" />);
    expect(screen.getByTestId('item').tagName).toBe('LI');
    expect(screen.getByRole('region', { name: 'Security' }).tagName).toBe('SECTION');
  });
});

describe('InlineError', () => {
  it('is plain text by default (read through the field) and an alert when announced', () => {
    render(<InlineError id="e1">Required</InlineError>);
    expect(screen.getByText('Required').id).toBe('e1');
    expect(screen.queryByRole('alert')).toBeNull();
    render(<InlineError announce>Could not save</InlineError>);
    expect(screen.getByRole('alert').textContent).toBe('Could not save');
  });
});
