import { screen } from '@testing-library/react';
import { initialState } from '../test/fixtures';
import { readInitialState } from './initial-state';
import { renderStaticError } from './static-error';

function embed(json: string) {
  document.head.innerHTML = `<script type="application/json" id="portal-initial-state">${json}</script>`;
}

describe('initial state', () => {
  test('a valid embedded state is parsed', () => {
    embed(JSON.stringify(initialState()).replace(/</g, '\\u003c'));
    const result = readInitialState();
    expect(result.ok && result.state.user?.firstName).toBe('Mikko');
  });

  test('a missing or invalid state fails, and the static error view offers a reload in the page language', () => {
    embed('{"lang":"fi"}');
    expect(readInitialState().ok).toBe(false);
    document.head.innerHTML = '';
    expect(readInitialState().ok).toBe(false);
    document.documentElement.lang = 'sv';
    const root = document.createElement('div');
    document.body.appendChild(root);
    renderStaticError(root);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Försök igen' })).toBeInTheDocument();
  });
});
