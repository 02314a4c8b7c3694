import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef } from 'react';
import { REFINE_MESSAGES, type RefineSettings } from '@atelier/contract';
import { errorMessage } from '../../../app/api/http';
import { defaultRefineSettings, useGetRefineSettingsQuery, useSaveRefineSettingsMutation } from '../../../app/api/refine';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { choiceKey, errorShown, settingsLoaded } from '../store/refineSlice';

/** How long the inspector must be still before its values are saved. */
export const SAVE_DELAY_MS = 800;

const same = (a: RefineSettings, b: RefineSettings) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Loads the chosen image's saved settings into the inspector (a 404 means none: the defaults,
 * spec §5) and saves the inspector's values for it a moment after they change.
 */
export function useRefineSettingsSync() {
  const dispatch = useAppDispatch();
  const { selected, settings, settingsFor } = useAppSelector((s) => s.refine);
  const key = choiceKey(selected);
  const query = useGetRefineSettingsQuery(selected ?? skipToken);
  const [save] = useSaveRefineSettingsMutation();
  const lastSaved = useRef<{ key: string; settings: RefineSettings } | null>(null);

  useEffect(() => {
    if (!key || settingsFor === key) return;
    if (query.data && !query.isFetching) {
      lastSaved.current = { key, settings: query.data.settings };
      dispatch(settingsLoaded({ key, settings: query.data.settings }));
    } else if (query.isError) {
      dispatch(errorShown(errorMessage(query.error, REFINE_MESSAGES.loadSettingsFailed)));
      lastSaved.current = { key, settings: defaultRefineSettings() };
      dispatch(settingsLoaded({ key, settings: defaultRefineSettings() }));
    }
  }, [key, settingsFor, query.data, query.isFetching, query.isError, query.error, dispatch]);

  useEffect(() => {
    if (!selected || !key || settingsFor !== key) return;
    if (lastSaved.current?.key === key && same(lastSaved.current.settings, settings)) return;
    const timer = setTimeout(() => {
      lastSaved.current = { key, settings };
      save({ ...selected, ...settings })
        .unwrap()
        .catch((error: unknown) => dispatch(errorShown(errorMessage(error, REFINE_MESSAGES.saveSettingsFailed))));
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [selected, key, settingsFor, settings, save, dispatch]);

  return { loading: !!key && settingsFor !== key };
}
