import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponsivePhoto } from './responsive-photo.tsx';

const photo = { url: '/api/media/public/seed/bedroom-1.svg', width: 1200, height: 800 };
const sizes = '(min-width: 1024px) 33vw, 100vw';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

describe('ResponsivePhoto', () => {
  it('offers AVIF then WebP at the widths stored for the photo, none wider than it', () => {
    const { container } = render(
      <ResponsivePhoto photo={photo} alt="A bedroom" sizes={sizes} fallbackSrc="/fallback.svg" fallbackWidth={800} fallbackHeight={600} />,
    );
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe(
      [320, 640, 960, 1200].map((width) => `${photo.url}.w${width}.v1.avif ${width}w`).join(', '),
    );
    expect(sources[1]!.getAttribute('srcset')).toContain(`${photo.url}.w1200.v1.webp 1200w`);
    for (const source of sources) expect(source.getAttribute('sizes')).toBe(sizes);

    const img = screen.getByRole('img', { name: 'A bedroom' });
    expect(img.getAttribute('src')).toBe(photo.url);
    // The photo's own proportions reserve its box before it loads.
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1200', '800']);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('fetchpriority')).toBeNull();
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });

  it('loads the page’s main photo first and preloads it', () => {
    render(
      <ResponsivePhoto
        photo={photo}
        alt="A bedroom"
        sizes={sizes}
        priority
        fallbackSrc="/fallback.svg"
        fallbackWidth={800}
        fallbackHeight={600}
        data-testid="main"
      />,
    );
    const img = screen.getByTestId('main');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('decoding')).toBeNull();
    const link = document.head.querySelector('link[rel="preload"][as="image"]');
    expect(link?.getAttribute('imagesrcset')).toContain(`${photo.url}.w640.v1.avif 640w`);
    expect(link?.getAttribute('imagesizes')).toBe(sizes);
    expect(link?.getAttribute('type')).toBe('image/avif');
    expect(link?.getAttribute('fetchpriority')).toBe('high');
  });

  it('shows the fallback alone when there is no photo, and the original when its width is unknown', () => {
    const { container, rerender } = render(
      <ResponsivePhoto photo={null} alt="" sizes={sizes} fallbackSrc="/fallback.svg" fallbackWidth={800} fallbackHeight={600} />,
    );
    expect(container.querySelector('picture')).toBeNull();
    const img = container.querySelector('img')!;
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height')]).toEqual(['/fallback.svg', '800', '600']);

    rerender(
      <ResponsivePhoto
        photo={{ url: '/old.webp', width: null, height: null }}
        alt=""
        sizes={sizes}
        fallbackSrc="/fallback.svg"
        fallbackWidth={800}
        fallbackHeight={600}
      />,
    );
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/old.webp');
  });

  it('never offers a width larger than a small original', () => {
    const { container } = render(
      <ResponsivePhoto
        photo={{ url: '/small.webp', width: 500, height: 400 }}
        alt=""
        sizes={sizes}
        fallbackSrc="/fallback.svg"
        fallbackWidth={800}
        fallbackHeight={600}
      />,
    );
    expect(container.querySelector('source')!.getAttribute('srcset')).toBe('/small.webp.w320.v1.avif 320w, /small.webp.w500.v1.avif 500w');
  });
});
