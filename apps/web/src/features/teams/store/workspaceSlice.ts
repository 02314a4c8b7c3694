import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStoredTeamId, storeTeamId } from './storedWorkspace';

/** The workspace every work call acts in: a team's id, or null for the user's personal one. */
export interface WorkspaceState {
  teamId: number | null;
}

export const initialWorkspaceState = (): WorkspaceState => ({ teamId: readStoredTeamId() });

const workspaceSlice = createSlice({
  name: 'workspace',
  initialState: initialWorkspaceState,
  reducers: {
    /**
     * Switches the workspace. The choice is stored first, so the calls the switch starts (the
     * caches refetching, the socket reconnecting) already carry the new header.
     */
    workspaceSelected: {
      reducer(state, action: PayloadAction<number | null>) {
        state.teamId = action.payload;
      },
      prepare(teamId: number | null) {
        storeTeamId(teamId);
        return { payload: teamId };
      },
    },
  },
});

export const { workspaceSelected } = workspaceSlice.actions;
export const workspaceReducer = workspaceSlice.reducer;
