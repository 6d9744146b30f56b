import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { today } from '../../../core/dates.ts';
import { renderPage, stubApi } from '../../test/render-page.tsx';
import { Footer } from './footer.tsx';

describe('Footer', () => {
  it("says this year (Israel's) in the copyright line, not a year written into the text", async () => {
    stubApi({});
    const year = today().slice(0, 4);
    renderPage(<Footer />, { path: '/' });
    expect((await screen.findByTestId('footer-copyright')).textContent).toBe(`© ${year} Lina. All rights reserved.`);
  });
});
