/**
 * The sign-in pages' visual: a white massing model in isometric projection on a drafting
 * grid, drawn in SVG (no downloaded images). Decorative.
 */
export function ArchitecturalVisual({ className }: { className?: string }) {
  return (
    <svg viewBox="-300 -330 640 700" className={className} aria-hidden focusable="false">
      <defs>
        <radialGradient id="auth-visual-fade" cx="50%" cy="62%" r="55%">
          <stop offset="0%" stopColor="#fff" stopOpacity="1" />
          <stop offset="100%" stopColor="#fff" stopOpacity="0" />
        </radialGradient>
        <mask id="auth-visual-mask">
          <rect x="-300" y="-330" width="640" height="700" fill="url(#auth-visual-fade)" />
        </mask>
        <filter id="auth-visual-shadow" x="-20%" y="-20%" width="140%" height="140%">
          <feGaussianBlur stdDeviation="14" />
        </filter>
      </defs>
      <g mask="url(#auth-visual-mask)">
        <path d="M0.0 -90.0L-363.7 120.0 M26.0 -75.0L-337.7 135.0 M52.0 -60.0L-311.8 150.0 M77.9 -45.0L-285.8 165.0 M103.9 -30.0L-259.8 180.0 M129.9 -15.0L-233.8 195.0 M155.9 0.0L-207.8 210.0 M181.9 15.0L-181.9 225.0 M207.8 30.0L-155.9 240.0 M233.8 45.0L-129.9 255.0 M259.8 60.0L-103.9 270.0 M285.8 75.0L-77.9 285.0 M311.8 90.0L-52.0 300.0 M337.7 105.0L-26.0 315.0 M363.7 120.0L0.0 330.0 M389.7 135.0L26.0 345.0 M415.7 150.0L52.0 360.0 M441.7 165.0L77.9 375.0 M467.7 180.0L103.9 390.0 M493.6 195.0L129.9 405.0 M0.0 -90.0L493.6 195.0 M-26.0 -75.0L467.7 210.0 M-52.0 -60.0L441.7 225.0 M-77.9 -45.0L415.7 240.0 M-103.9 -30.0L389.7 255.0 M-129.9 -15.0L363.7 270.0 M-155.9 0.0L337.7 285.0 M-181.9 15.0L311.8 300.0 M-207.8 30.0L285.8 315.0 M-233.8 45.0L259.8 330.0 M-259.8 60.0L233.8 345.0 M-285.8 75.0L207.8 360.0 M-311.8 90.0L181.9 375.0 M-337.7 105.0L155.9 390.0 M-363.7 120.0L129.9 405.0" stroke="#ffffff" strokeOpacity={0.09} strokeWidth={1} fill="none" />
      </g>
      <ellipse cx="60" cy="300" rx="300" ry="60" fill="#000" opacity={0.28} filter="url(#auth-visual-shadow)" />
      <g stroke="#1f342c" strokeOpacity={0.18} strokeWidth={0.8} strokeLinejoin="round">
        <polygon points="259.8,150.0 77.9,255.0 77.9,207.0 259.8,102.0" fill="#e7ebe8" />
        <polygon points="-181.9,105.0 77.9,255.0 77.9,207.0 -181.9,57.0" fill="#f7f8f6" />
        <polygon points="0.0,-48.0 259.8,102.0 77.9,207.0 -181.9,57.0" fill="#ffffff" />
        <path d="M233.8 160.5L233.8 121.5 M207.8 175.5L207.8 136.5 M181.9 190.5L181.9 151.5 M155.9 205.5L155.9 166.5 M129.9 220.5L129.9 181.5 M103.9 235.5L103.9 196.5 M-155.9 115.5L-155.9 76.5 M-129.9 130.5L-129.9 91.5 M-103.9 145.5L-103.9 106.5 M-77.9 160.5L-77.9 121.5 M-52.0 175.5L-52.0 136.5 M-26.0 190.5L-26.0 151.5 M0.0 205.5L0.0 166.5 M26.0 220.5L26.0 181.5 M52.0 235.5L52.0 196.5" stroke="#1f342c" strokeOpacity={0.22} strokeWidth={0.9} fill="none" />
        <polygon points="103.9,42.0 0.0,102.0 0.0,-162.0 103.9,-222.0" fill="#e7ebe8" />
        <polygon points="-103.9,42.0 0.0,102.0 0.0,-162.0 -103.9,-222.0" fill="#f7f8f6" />
        <polygon points="0.0,-282.0 103.9,-222.0 0.0,-162.0 -103.9,-222.0" fill="#ffffff" />
        <path d="M103.9 18.0L0.0 78.0 M-103.9 18.0L0.0 78.0 M103.9 -6.0L0.0 54.0 M-103.9 -6.0L0.0 54.0 M103.9 -30.0L0.0 30.0 M-103.9 -30.0L0.0 30.0 M103.9 -54.0L0.0 6.0 M-103.9 -54.0L0.0 6.0 M103.9 -78.0L0.0 -18.0 M-103.9 -78.0L0.0 -18.0 M103.9 -102.0L0.0 -42.0 M-103.9 -102.0L0.0 -42.0 M103.9 -126.0L0.0 -66.0 M-103.9 -126.0L0.0 -66.0 M103.9 -150.0L0.0 -90.0 M-103.9 -150.0L0.0 -90.0 M103.9 -174.0L0.0 -114.0 M-103.9 -174.0L0.0 -114.0 M103.9 -198.0L0.0 -138.0 M-103.9 -198.0L0.0 -138.0 M83.1 49.5L83.1 -205.5 M62.4 61.5L62.4 -193.5 M41.6 73.5L41.6 -181.5 M20.8 85.5L20.8 -169.5 M-83.1 49.5L-83.1 -205.5 M-62.4 61.5L-62.4 -193.5 M-41.6 73.5L-41.6 -181.5 M-20.8 85.5L-20.8 -169.5" stroke="#1f342c" strokeOpacity={0.22} strokeWidth={0.9} fill="none" />
        <polygon points="194.9,124.5 77.9,192.0 77.9,102.0 194.9,34.5" fill="#e7ebe8" />
        <polygon points="-26.0,132.0 77.9,192.0 77.9,102.0 -26.0,42.0" fill="#f7f8f6" />
        <polygon points="90.9,-25.5 194.9,34.5 77.9,102.0 -26.0,42.0" fill="#ffffff" />
        <path d="M194.9 94.5L77.9 162.0 M-26.0 102.0L77.9 162.0 M194.9 64.5L77.9 132.0 M-26.0 72.0L77.9 132.0 M181.9 127.5L181.9 46.5 M168.9 135.0L168.9 54.0 M155.9 142.5L155.9 61.5 M142.9 150.0L142.9 69.0 M129.9 157.5L129.9 76.5 M116.9 165.0L116.9 84.0 M103.9 172.5L103.9 91.5 M90.9 180.0L90.9 99.0 M-13.0 135.0L-13.0 54.0 M0.0 142.5L0.0 61.5 M13.0 150.0L13.0 69.0 M26.0 157.5L26.0 76.5 M39.0 165.0L39.0 84.0 M52.0 172.5L52.0 91.5 M65.0 180.0L65.0 99.0" stroke="#1f342c" strokeOpacity={0.22} strokeWidth={0.9} fill="none" />
        <polygon points="241.6,46.5 98.7,129.0 98.7,117.0 241.6,34.5" fill="#e7ebe8" />
        <polygon points="-52.0,42.0 98.7,129.0 98.7,117.0 -52.0,30.0" fill="#f7f8f6" />
        <polygon points="90.9,-52.5 241.6,34.5 98.7,117.0 -52.0,30.0" fill="#ffffff" />
        <polygon points="233.8,255.0 168.9,292.5 168.9,256.5 233.8,219.0" fill="#e7ebe8" />
        <polygon points="103.9,255.0 168.9,292.5 168.9,256.5 103.9,219.0" fill="#f7f8f6" />
        <polygon points="168.9,181.5 233.8,219.0 168.9,256.5 103.9,219.0" fill="#ffffff" />
        <path d="M220.8 258.0L220.8 231.0 M207.8 265.5L207.8 238.5 M194.9 273.0L194.9 246.0 M181.9 280.5L181.9 253.5 M116.9 258.0L116.9 231.0 M129.9 265.5L129.9 238.5 M142.9 273.0L142.9 246.0 M155.9 280.5L155.9 253.5" stroke="#1f342c" strokeOpacity={0.22} strokeWidth={0.9} fill="none" />
      </g>
      <g stroke="#ffffff" fill="none">
        <path d="M-104 -222H-246M-182 105H-246" strokeOpacity={0.22} strokeDasharray="3 4" />
        <path d="M-236 105V-222M-242 111l12-12M-242 -216l12-12" strokeOpacity={0.5} />
      </g>
      <text x="-250" y="-58" fill="#ffffff" fillOpacity={0.55} fontSize="11" letterSpacing="2" transform="rotate(-90 -250 -58)" textAnchor="middle">
        +31.20
      </text>
    </svg>
  );
}
