import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SafeLink } from './SafeLink';
import { SelectField } from './SelectField';
import { TextField } from './TextField';

function Controlled({ onValue }: { onValue: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <TextField
      label="Title"
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('TextField', () => {
  it('is labelled and reports what is typed as a string', async () => {
    const onValue = vi.fn();
    render(<Controlled onValue={onValue} />);
    await userEvent.type(screen.getByLabelText('Title'), 'Logo');
    expect(onValue).toHaveBeenLastCalledWith('Logo');
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'false');
  });

  it('announces its hint and its error with the control, and marks it invalid and required', () => {
    render(<TextField label="Skills" required hint="Comma-separated" error="At least one skill is required" value="" onChange={() => undefined} />);
    const input = screen.getByLabelText('Skills');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAccessibleDescription('Comma-separated At least one skill is required');
  });

  it('renders a textarea when multiline', () => {
    render(<TextField label="About Me" multiline value="Hi" onChange={() => undefined} />);
    expect(screen.getByLabelText('About Me').tagName).toBe('TEXTAREA');
  });
});

describe('SelectField', () => {
  it('offers the empty choice first, then the options, and reports the chosen value', async () => {
    const onChange = vi.fn();
    const options = [
      { value: 'remote', label: 'Remote' },
      { value: 'onsite', label: 'Onsite' },
    ] as const;
    render(<SelectField label="Location" emptyLabel="Any" options={options} value="" onChange={onChange} />);
    const select = screen.getByLabelText('Location');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Any', 'Remote', 'Onsite']);
    await userEvent.selectOptions(select, 'onsite');
    expect(onChange).toHaveBeenCalledWith('onsite');
  });
});

describe('SafeLink', () => {
  it('links http(s) in a new tab without opener, and shows anything else as text', () => {
    render(
      <>
        <SafeLink href="github.com/ada" />
        <SafeLink href="javascript:alert(1)">bad</SafeLink>
      </>,
    );
    const link = screen.getByRole('link', { name: 'github.com/ada' });
    expect(link).toHaveAttribute('href', 'https://github.com/ada');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(screen.getByText('bad')).toBeInTheDocument();
  });
});
