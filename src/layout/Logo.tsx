/** The product's own mark (no external asset): an open folder with a rising arrow, amber on navy. */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" role="img" aria-label="Logo Dossiers de formation">
      <rect width="48" height="48" rx="11" fill="#1b2a4a" />
      <path d="M11 16.5a3 3 0 0 1 3-3h7l3 3h10a3 3 0 0 1 3 3V33a3 3 0 0 1-3 3H14a3 3 0 0 1-3-3z" fill="#f59e0b" />
      <path d="M17 30.5l6-6 4 4 6.5-7" fill="none" stroke="#1b2a4a" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M29 21.5h4.5V26" fill="none" stroke="#1b2a4a" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export const APP_NAME = "Dossiers de formation";
export const TAGLINE = "Capitaliser les compétences, faciliter l'insertion";
