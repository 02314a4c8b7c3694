import { describe, expect, it } from 'vitest';
import type { Subscription } from '@atelier/contract';
import { creditAllowance, creditUsage } from './creditUsage';

const sub = (planType: Subscription['planType'], credits = 0) => ({ planType, credits });

describe('creditAllowance', () => {
  it('uses the plan allowance for paid plans', () => {
    expect(creditAllowance(sub('STARTER', 999))).toBe(50);
    expect(creditAllowance(sub('EXPLORER'))).toBe(150);
    expect(creditAllowance(sub('PRO'))).toBe(1000);
  });
  it('falls back to the subscription credits, then 50', () => {
    expect(creditAllowance(sub('FREE', 20))).toBe(20);
    expect(creditAllowance(sub('FREE', 0))).toBe(50);
    expect(creditAllowance(null)).toBe(50);
  });
});

describe('creditUsage', () => {
  it('computes used percent as (allowance − credits) / allowance', () => {
    expect(creditUsage(120, sub('EXPLORER')).usedPercent).toBe(20);
    expect(creditUsage(0, sub('PRO')).usedPercent).toBe(100);
  });

  it('reports 0 used when the balance exceeds the allowance', () => {
    expect(creditUsage(80, sub('STARTER')).usedPercent).toBe(0);
  });

  it('calls usage above 80% high, in red', () => {
    expect(creditUsage(9, sub('STARTER'))).toMatchObject({ label: 'High usage - consider upgrading', tone: 'red' });
  });

  it('calls usage above 50% moderate, and exactly 80% still moderate', () => {
    expect(creditUsage(10, sub('STARTER'))).toMatchObject({ usedPercent: 80, label: 'Moderate usage' });
    expect(creditUsage(24, sub('STARTER'))).toMatchObject({ label: 'Moderate usage', tone: 'amber' });
  });

  it('calls usage of 50% or less healthy', () => {
    expect(creditUsage(25, sub('STARTER'))).toMatchObject({ usedPercent: 50, label: 'Healthy usage', tone: 'green' });
    expect(creditUsage(50, sub('STARTER')).label).toBe('Healthy usage');
  });
});
