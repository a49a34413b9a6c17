import Box from '@mui/material/Box'

/**
 * A folded map whose dashed route ends at a crossed-out pin: the error screen's picture, in
 * the theme's teal and copper. Decorative (aria-hidden).
 */
export function LostMapIllustration({ size = 168 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 200 150"
      aria-hidden
      sx={{ width: size, height: 'auto', display: 'block', overflow: 'visible' }}
    >
      <ellipse cx="100" cy="138" rx="78" ry="8" fill="#0b4f6c" opacity="0.12" />
      {/* three panels of a folded map */}
      <path
        d="M22 28 L74 14 L74 120 L22 134 Z"
        fill="#dcebf1"
        stroke="#0b4f6c"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M74 14 L126 28 L126 134 L74 120 Z"
        fill="#c5dde7"
        stroke="#0b4f6c"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M126 28 L178 14 L178 120 L126 134 Z"
        fill="#dcebf1"
        stroke="#0b4f6c"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      {/* contour lines */}
      <path
        d="M30 60 C44 48 60 56 68 46"
        fill="none"
        stroke="#3f7b96"
        strokeWidth="1.6"
        opacity="0.55"
      />
      <path
        d="M30 80 C46 70 58 82 70 70"
        fill="none"
        stroke="#3f7b96"
        strokeWidth="1.6"
        opacity="0.55"
      />
      <path
        d="M132 96 C146 84 160 96 172 84"
        fill="none"
        stroke="#3f7b96"
        strokeWidth="1.6"
        opacity="0.55"
      />
      <path
        d="M132 112 C148 104 158 114 172 104"
        fill="none"
        stroke="#3f7b96"
        strokeWidth="1.6"
        opacity="0.55"
      />
      {/* the route that leads nowhere */}
      <path
        d="M38 112 C58 96 62 78 88 82 C112 86 104 58 132 54"
        fill="none"
        stroke="#b4531f"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray="2 8"
      />
      <circle cx="38" cy="112" r="5" fill="#b4531f" />
      {/* the pin, crossed out */}
      <path
        d="M146 18 C132 18 124 28 124 39 C124 54 146 72 146 72 C146 72 168 54 168 39 C168 28 160 18 146 18 Z"
        fill="#0b4f6c"
      />
      <path
        d="M139 32 L153 46 M153 32 L139 46"
        stroke="#ffffff"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </Box>
  )
}
