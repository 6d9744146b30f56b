import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import he from '../../i18n/he.json';
import { initI18n } from '../../i18n/index.ts';
import { CheckboxField } from './checkbox-field.tsx';
import { EmailField, TextField } from './field.tsx';
import { FileField } from './file-field.tsx';
import { PasswordField } from './password-field.tsx';
import { RadioGroupField } from './radio-group-field.tsx';
import { SelectField } from './select-field.tsx';
import { TextareaField } from './textarea-field.tsx';

initI18n('/', { en, he });
afterEach(cleanup);

/** The text of the elements an element's aria-describedby points at. */
function description(element: HTMLElement) {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
}

describe('form fields', () => {
  it.each([
    ['text', (error?: string) => <TextField id="f" label="Name" hint="As on your ID" error={error} />],
    ['email', (error?: string) => <EmailField id="f" label="Name" hint="As on your ID" error={error} />],
    ['number', (error?: string) => <TextField id="f" type="number" label="Name" hint="As on your ID" error={error} />],
    ['date', (error?: string) => <TextField id="f" type="date" label="Name" hint="As on your ID" error={error} />],
    ['password', (error?: string) => <PasswordField id="f" testId="pw" label="Name" hint="As on your ID" error={error} />],
    ['textarea', (error?: string) => <TextareaField id="f" label="Name" hint="As on your ID" error={error} />],
    [
      'select',
      (error?: string) => (
        <SelectField id="f" label="Name" hint="As on your ID" error={error}>
          <option value="a">A</option>
        </SelectField>
      ),
    ],
    ['file', (error?: string) => <FileField id="f" label="Name" hint="As on your ID" error={error} />],
    ['checkbox', (error?: string) => <CheckboxField id="f" label="Name" hint="As on your ID" error={error} />],
  ])('%s: labelled, describes itself with the hint, then with the error and aria-invalid', (_kind, field) => {
    const { rerender } = render(field());
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(description(input)).toBe('As on your ID');

    rerender(field('Required'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toBe('Required');
    expect(screen.getByText('Required').className).toContain('text-rose-600');
  });

  it('works with react-hook-form register (the ref reaches the input)', async () => {
    const user = userEvent.setup();
    let submitted: unknown;
    function Form() {
      const { register, handleSubmit } = useForm({ defaultValues: { name: '', bio: '', kind: 'b', terms: false } });
      return (
        <form onSubmit={handleSubmit((values) => (submitted = values))}>
          <TextField id="name" label="Name" {...register('name')} />
          <TextareaField id="bio" label="Bio" {...register('bio')} />
          <SelectField id="kind" label="Kind" {...register('kind')}>
            <option value="a">A</option>
            <option value="b">B</option>
          </SelectField>
          <CheckboxField id="terms" label="I agree" {...register('terms')} />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Form />);
    await user.type(screen.getByLabelText('Name'), 'Dana');
    await user.type(screen.getByLabelText('Bio'), 'Hi');
    await user.selectOptions(screen.getByLabelText('Kind'), 'a');
    await user.click(screen.getByLabelText('I agree'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual({ name: 'Dana', bio: 'Hi', kind: 'a', terms: true });
  });

  it('password field toggles visibility with a named button', async () => {
    const user = userEvent.setup();
    render(<PasswordField id="pw" testId="pw" label="Password" />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
  });

  it('radio group: the legend names the group, a choice calls onChange, the error is tied to the group', async () => {
    const user = userEvent.setup();
    const chosen: string[] = [];
    const options = [
      { value: 'open', label: 'Open' },
      { value: 'waitlist', label: 'Waitlist' },
    ] as const;
    const { rerender } = render(
      <RadioGroupField
        id="mode"
        legend="Launch mode"
        name="mode"
        options={options}
        value="open"
        onChange={(value) => chosen.push(value)}
      />,
    );
    const group = screen.getByRole('group', { name: 'Launch mode' });
    expect((screen.getByLabelText('Open') as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByLabelText('Waitlist'));
    expect(chosen).toEqual(['waitlist']);
    rerender(
      <RadioGroupField
        id="mode"
        legend="Launch mode"
        name="mode"
        options={options}
        value={undefined}
        onChange={() => undefined}
        error="Choose one"
      />,
    );
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(description(group)).toBe('Choose one');
  });

  it('SelectField writes its options from a list when given one', () => {
    render(
      <SelectField
        id="lang"
        label="Language"
        value="he"
        onChange={() => undefined}
        options={[
          { value: 'en', label: 'English' },
          { value: 'he', label: 'Hebrew' },
        ]}
      />,
    );
    const select = screen.getByLabelText('Language') as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(['English', 'Hebrew']);
    expect(select.value).toBe('he');
  });
});
