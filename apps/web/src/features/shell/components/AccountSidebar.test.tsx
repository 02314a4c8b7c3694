import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createUser, renderWithRouter, signedInAuth } from '../../../test/factories';
import { AccountSidebar } from './AccountSidebar';

const at = (auth = signedInAuth()) => renderWithRouter([{ path: '*', element: <AccountSidebar /> }], { path: '/overview', auth });

describe('AccountSidebar', () => {
  it('shows an operator the way to the console at /admin', () => {
    at(signedInAuth({ user: createUser({ isOperator: true }) }));
    expect(screen.getByRole('link', { name: 'Operator console' })).toHaveAttribute('href', '/admin');
    expect(screen.getByText('Operations')).toBeInTheDocument();
  });

  it('never shows it to anyone else', () => {
    at(signedInAuth({ user: createUser({ isOperator: false }) }));
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/overview');
    expect(screen.queryByRole('link', { name: 'Operator console' })).not.toBeInTheDocument();
    expect(screen.queryByText('Operations')).not.toBeInTheDocument();
    expect(document.querySelector('a[href="/admin"]')).toBeNull();
  });
});
