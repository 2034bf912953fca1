import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithIntl } from '../test-utils/render';
import { TextField } from './TextField';

function Controlled({ hint, error }: { hint?: string; error?: string | null }) {
  const [value, setValue] = useState('');
  return <TextField id="phone" label="Mobile phone" value={value} onValue={setValue} hint={hint} error={error} type="tel" />;
}

describe('TextField', () => {
  test('is found by its label and reports what the user types', async () => {
    const user = userEvent.setup();
    renderWithIntl(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'Mobile phone' });
    await user.type(input, '0401234567');
    expect(input).toHaveValue('0401234567');
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  test('its hint and its error are read with the input, and the error marks it invalid', () => {
    renderWithIntl(<Controlled hint="For example 040 123 4567" error="Check the phone number" />);
    const input = screen.getByRole('textbox', { name: 'Mobile phone' });
    expect(input).toHaveAccessibleDescription('For example 040 123 4567 Check the phone number');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  test('without an error the input is not marked invalid and only the hint describes it', () => {
    renderWithIntl(<Controlled hint="For example 040 123 4567" error={null} />);
    const input = screen.getByRole('textbox', { name: 'Mobile phone' });
    expect(input).toHaveAccessibleDescription('For example 040 123 4567');
    expect(input).not.toHaveAttribute('aria-invalid');
  });
});
