import { maskColor, type GetMasksResponse, type MaskRegion } from '@atelier/contract';

/** A region as GET /masks/{id} answers it. */
export function maskRegion(id: number, overrides: Partial<MaskRegion> = {}): MaskRegion {
  const position = overrides.position ?? 0;
  return {
    id,
    inputImageId: 5,
    maskUrl: `/api/files/u/1/masks/5/a/${id}.png?exp=1&sig=x`,
    isVisible: true,
    customText: null,
    materialOption: null,
    customizationOption: null,
    subCategory: null,
    label: 'region',
    area: 0.2,
    color: maskColor(position),
    averageColor: '#808080',
    confidence: null,
    position,
    ...overrides,
  };
}

export function masksReply(inputImageId: number, maskRegions: MaskRegion[], maskStatus: GetMasksResponse['data']['maskStatus'] = maskRegions.length ? 'completed' : 'none'): GetMasksResponse {
  return { success: true, data: { inputImageId, maskStatus, maskRegions, error: maskStatus === 'failed' ? 'Mask generation failed' : null } };
}
