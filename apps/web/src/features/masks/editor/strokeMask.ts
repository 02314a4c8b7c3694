/**
 * A brush stroke applied to a region's mask in the browser: the mask file drawn on a canvas of
 * its own size, the stroke painted white (add) or black (erase) with round caps, back as a PNG.
 * Points are fractions of the image (0–1); the brush size is in the image's pixels.
 */
export interface StrokePoint {
  x: number;
  y: number;
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The region mask did not load'));
    img.src = url;
  });
}

export async function strokeMask(maskUrl: string, points: StrokePoint[], brushFraction: number, mode: 'paint' | 'erase'): Promise<Blob> {
  const img = await loadImage(maskUrl);
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('No canvas');
  g.drawImage(img, 0, 0);
  g.strokeStyle = g.fillStyle = mode === 'paint' ? '#ffffff' : '#000000';
  g.lineWidth = Math.max(1, brushFraction * canvas.width);
  g.lineCap = 'round';
  g.lineJoin = 'round';
  g.beginPath();
  points.forEach((p, i) => (i === 0 ? g.moveTo(p.x * canvas.width, p.y * canvas.height) : g.lineTo(p.x * canvas.width, p.y * canvas.height)));
  if (points.length === 1) g.lineTo(points[0].x * canvas.width + 0.01, points[0].y * canvas.height);
  g.stroke();
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('No PNG'))), 'image/png'));
}
