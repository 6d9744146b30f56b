import { act, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useValueTypedBeforeHydration } from './use-value-typed-before-hydration.ts';

function SearchField() {
  const [value, setValue] = useState('');
  const [renders, setRenders] = useState(0);
  const ref = useRef<HTMLInputElement>(null);
  useValueTypedBeforeHydration(ref, value, setValue);
  return (
    <>
      <input ref={ref} value={value} onChange={(event) => setValue(event.target.value)} aria-label="Where" />
      <output>{value}</output>
      <button type="button" onClick={() => setRenders(renders + 1)}>
        render {renders}
      </button>
    </>
  );
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('useValueTypedBeforeHydration', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('keeps text typed into the server-rendered field before hydration, through later renders', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SearchField />);
    document.body.append(container);
    container.querySelector('input')!.value = 'Tel Av';

    await act(async () => {
      hydrateRoot(container, <SearchField />);
    });
    expect(container.querySelector('output')!.textContent).toBe('Tel Av');
    await act(async () => container.querySelector('button')!.click());
    expect(container.querySelector('input')!.value).toBe('Tel Av');
  });

  it('changes nothing when nothing was typed', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SearchField />);
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, <SearchField />);
    });
    expect(container.querySelector('input')!.value).toBe('');
    expect(container.querySelector('output')!.textContent).toBe('');
  });
});
