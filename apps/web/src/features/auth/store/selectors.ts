import type { RootState } from '../../../app/store';

export const selectAuth = (state: RootState) => state.auth;
export const selectUser = (state: RootState) => state.auth.user;
export const selectSubscription = (state: RootState) => state.auth.subscription;
export const selectCredits = (state: RootState) => state.auth.credits;
export const selectIsAuthenticated = (state: RootState) => state.auth.isAuthenticated;
export const selectIsInitialized = (state: RootState) => state.auth.isInitialized;
export const selectPlanType = (state: RootState) => state.auth.subscription?.planType ?? 'FREE';
