import { useState } from 'react';
import type { RegistrationPageState, RegistrationResponse } from '@portal/shared-api';
import { RegistrationDone } from './RegistrationDone';
import { RegistrationForm } from './RegistrationForm';

/** The form, then its confirmation: what the registration and welcome pages show once their state is ready. */
export function RegistrationFlow({ state }: { state: RegistrationPageState }) {
  const [answer, setAnswer] = useState<RegistrationResponse | null>(null);
  if (answer) return <RegistrationDone subject={state.subject} answer={answer} />;
  return <RegistrationForm state={state} onDone={setAnswer} />;
}
