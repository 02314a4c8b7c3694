import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AI_PROMPT_MESSAGES, MASK_MESSAGES, type AiPromptMaterial, type MaskRegion } from '@atelier/contract';
import { errorMessage } from '../../../app/api/http';
import { useClearMaskStyleMutation, useSetMaskVisibilityMutation, useUpdateMaskStyleMutation } from '../../../app/api/masks';
import {
  useAddAiPromptMaterialMutation,
  useGenerateAiPromptMutation,
  useGetAiPromptMaterialsQuery,
  useLazyGetSavedPromptQuery,
  useRemoveAiPromptMaterialMutation,
  useSavePromptMutation,
} from '../../../app/api/prompts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import {
  addLocalMaterial,
  emptyDraft,
  hasStoredStyle,
  initialDrafts,
  isUnsaved,
  mappingsFromDrafts,
  materialChoices,
  materialFromChoice,
  materialsText,
  mergeMaterials,
  regionOverrides,
  stylesToSave,
  withMaterial,
  type MaterialChoice,
  type RegionDrafts,
} from '../lib/regionDrafts';
import { regionSettingsSaved } from '../store/regionSettings';
import { useInputMasks } from './useInputMasks';

/**
 * The prompt modal's regions and materials (spec §2, §4, §5): the drafts of each region (a
 * catalog material, a typed name), the prompt materials (unsaved ones with negative ids), the
 * saved prompt, writing an AI prompt, and Save with the spec's rules. Errors are kept for the
 * modal to show (spec §8: the AI prompt modal shows errors).
 */
export function usePromptRegions({ inputImageId, open }: { inputImageId: number | null; open: boolean }) {
  const dispatch = useAppDispatch();
  const customization = useAppSelector((s) => s.customization);
  const masks = useInputMasks(inputImageId);
  const regions = masks.regions;
  const materialsQuery = useGetAiPromptMaterialsQuery(open && inputImageId !== null ? inputImageId : skipToken);
  const choices = useMemo(() => materialChoices(customization.availableOptions), [customization.availableOptions]);

  const [updateStyle] = useUpdateMaskStyleMutation();
  const [clearStyle] = useClearMaskStyleMutation();
  const [setVisibility] = useSetMaskVisibilityMutation();
  const [addMaterial] = useAddAiPromptMaterialMutation();
  const [removeMaterialCall] = useRemoveAiPromptMaterialMutation();
  const [generateAiPrompt] = useGenerateAiPromptMutation();
  const [loadSavedPrompt] = useLazyGetSavedPromptQuery();
  const [savePromptCall] = useSavePromptMutation();

  const [drafts, setDrafts] = useState<RegionDrafts>({});
  const [materials, setMaterials] = useState<AiPromptMaterial[]>([]);
  const [selectedMaskId, setSelectedMaskId] = useState<number | null>(null);
  const [savedPrompt, setSavedPrompt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [writing, setWriting] = useState(false);

  // Opening (or new regions arriving while open): drafts from the mappings, else the stored styles; edits kept.
  const regionKey = `${inputImageId}:${regions.map((r) => r.id).join(',')}`;
  const draftsFor = useRef<string | null>(null);
  useEffect(() => {
    if (!open) {
      draftsFor.current = null;
      return;
    }
    if (draftsFor.current === regionKey) return;
    const firstOpen = draftsFor.current === null;
    draftsFor.current = regionKey;
    const fresh = initialDrafts(regions, customization.maskMaterialMappings);
    setDrafts((prev) => (firstOpen ? fresh : { ...fresh, ...Object.fromEntries(Object.entries(prev).filter(([id]) => id in fresh)) }));
    if (firstOpen) {
      setSelectedMaskId(null);
      setError(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- initialised once per opening and region set
  }, [open, regionKey]);

  // The prompt materials: the saved ones, then those kept unsaved in the settings.
  const materialsLoadedFor = useRef<unknown>(null);
  useEffect(() => {
    if (!open) {
      materialsLoadedFor.current = null;
      return;
    }
    if (!materialsQuery.data || materialsLoadedFor.current === materialsQuery.data) return;
    const firstLoad = materialsLoadedFor.current === null;
    materialsLoadedFor.current = materialsQuery.data;
    setMaterials((prev) => mergeMaterials(materialsQuery.data ?? [], firstLoad ? customization.aiMaterials : prev));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the server's list while open
  }, [open, materialsQuery.data]);
  useEffect(() => {
    if (open && inputImageId === null) setMaterials(mergeMaterials([], customization.aiMaterials));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening only
  }, [open, inputImageId]);
  useEffect(() => {
    if (open && materialsQuery.isError) setError(errorMessage(materialsQuery.error, AI_PROMPT_MESSAGES.fetchMaterialsFailed));
  }, [open, materialsQuery.isError, materialsQuery.error]);

  // The saved prompt, when the settings have none (a failed load clears it).
  const hasPrompt = customization.generatedPrompt.trim() !== '';
  useEffect(() => {
    if (!open || inputImageId === null || hasPrompt) return;
    let live = true;
    loadSavedPrompt(inputImageId)
      .unwrap()
      .then((prompt) => live && setSavedPrompt(prompt))
      .catch((e: unknown) => {
        if (!live) return;
        setSavedPrompt(null);
        setError(errorMessage(e, AI_PROMPT_MESSAGES.getPromptFailed));
      });
    return () => {
      live = false;
    };
  }, [open, inputImageId, hasPrompt, loadSavedPrompt]);

  const assign = useCallback(
    (maskId: number, choice: MaterialChoice) => {
      setDrafts((d) => ({ ...d, [maskId]: withMaterial(d[maskId], choice) }));
      if (inputImageId !== null) setMaterials((list) => addLocalMaterial(list, materialFromChoice(inputImageId, choice)));
    },
    [inputImageId],
  );

  const pickMaterial = useCallback(
    (optionId: string, maskId: number | null = selectedMaskId) => {
      const choice = choices.get(optionId);
      if (!choice) return;
      if (maskId !== null) assign(maskId, choice);
      else if (inputImageId !== null) setMaterials((list) => addLocalMaterial(list, materialFromChoice(inputImageId, choice)));
    },
    [choices, selectedMaskId, assign, inputImageId],
  );

  const typeName = (maskId: number, displayName: string) => setDrafts((d) => ({ ...d, [maskId]: { ...(d[maskId] ?? emptyDraft()), displayName } }));

  const clearRegion = async (region: MaskRegion) => {
    setDrafts((d) => ({ ...d, [region.id]: emptyDraft() }));
    if (inputImageId === null || !hasStoredStyle(region)) return;
    try {
      await clearStyle({ maskId: region.id, inputImageId }).unwrap();
    } catch (e) {
      setError(errorMessage(e, MASK_MESSAGES.clearStyleFailed));
    }
  };

  const toggleVisibility = async (region: MaskRegion) => {
    if (inputImageId === null) return;
    try {
      await setVisibility({ maskId: region.id, inputImageId, isVisible: !region.isVisible }).unwrap();
    } catch (e) {
      setError(errorMessage(e, MASK_MESSAGES.visibilityFailed));
    }
  };

  const removeMaterial = async (m: AiPromptMaterial) => {
    if (!isUnsaved(m) && inputImageId !== null) {
      try {
        await removeMaterialCall({ id: m.id, inputImageId }).unwrap();
      } catch (e) {
        setError(errorMessage(e, AI_PROMPT_MESSAGES.removeMaterialFailed));
        return;
      }
    }
    setMaterials((list) => list.filter((x) => x.id !== m.id));
  };

  /** Ctrl/Cmd+Enter or the AI prompt button: the written prompt, or null (the error is kept). */
  const writeAiPrompt = async (userPrompt: string): Promise<string | null> => {
    if (inputImageId === null || writing) return null;
    setWriting(true);
    setError(null);
    try {
      const reply = await generateAiPrompt({
        inputImageId,
        userPrompt: userPrompt.trim() || null,
        materialsText: materialsText(materials.filter(isUnsaved), drafts) || null,
        regions: regionOverrides(regions, drafts),
        includeSelectedMaterials: true,
        settings: { mode: customization.selectedStyle, selections: { ...customization.selections } },
      }).unwrap();
      return reply.data.generatedPrompt;
    } catch (e) {
      setError(errorMessage(e, AI_PROMPT_MESSAGES.generateFailed));
      return null;
    } finally {
      setWriting(false);
    }
  };

  /**
   * Save (spec §5): a style for each configured region only (custom text, a material or option,
   * or a typed name; the trimmed typed name wins), the unsaved prompt materials (negative ids)
   * only, and the prompt (a blank one clears it); then the settings take the mappings, materials and
   * prompt. False (and the error kept) when something failed.
   */
  const save = async (prompt: string): Promise<boolean> => {
    if (inputImageId === null || saving) return false;
    setSaving(true);
    setError(null);
    // Each step fails with the server's message, else its own default (spec §8), after "Failed to save configurations".
    const step = async <T,>(run: () => Promise<T>, fallback: string): Promise<T> => {
      try {
        return await run();
      } catch (e) {
        throw new Error(errorMessage(e, fallback));
      }
    };
    try {
      await Promise.all(
        stylesToSave(regions, drafts).map(({ maskId, style }) => step(() => updateStyle({ maskId, inputImageId, style }).unwrap(), MASK_MESSAGES.updateStyleFailed)),
      );
      const saved: AiPromptMaterial[] = [];
      for (const m of materials) {
        const stored = isUnsaved(m)
          ? (
              await step(
                () =>
                  addMaterial({
                    inputImageId,
                    materialOptionId: m.materialOptionId,
                    customizationOptionId: m.customizationOptionId,
                    subCategoryId: m.subCategoryId,
                    displayName: m.displayName,
                  }).unwrap(),
                AI_PROMPT_MESSAGES.addMaterialFailed,
              )
            ).data
          : m;
        if (!saved.some((s) => s.id === stored.id)) saved.push(stored);
      }
      setMaterials(saved);
      // A blank prompt is saved too (it clears the kept one), or the restore would bring the old one back.
      await step(() => savePromptCall({ inputImageId, prompt: prompt.trim() || null }).unwrap(), AI_PROMPT_MESSAGES.savePromptFailed);
      dispatch(regionSettingsSaved({ maskMaterialMappings: mappingsFromDrafts(regions, drafts, choices, customization.availableOptions), aiMaterials: saved, generatedPrompt: prompt.trim() }));
      return true;
    } catch (e) {
      const detail = e instanceof Error ? e.message : '';
      setError(detail ? `${AI_PROMPT_MESSAGES.saveConfigurationsFailed}: ${detail}` : AI_PROMPT_MESSAGES.saveConfigurationsFailed);
      return false;
    } finally {
      setSaving(false);
    }
  };

  return {
    inputImageId,
    regions,
    status: masks.status,
    maskError: masks.error,
    drafts,
    materials,
    choices,
    catalog: customization.availableOptions,
    catalogLoading: customization.optionsLoading,
    selectedMaskId,
    selectRegion: setSelectedMaskId,
    assign,
    pickMaterial,
    typeName,
    clearRegion,
    toggleVisibility,
    removeMaterial,
    writeAiPrompt,
    writing,
    save,
    saving,
    error,
    clearError: () => setError(null),
    /** The prompt the modal opens with: the settings' prompt, else the one saved with the image. */
    prompt: hasPrompt ? customization.generatedPrompt : (savedPrompt ?? ''),
  };
}

export type PromptRegions = ReturnType<typeof usePromptRegions>;
