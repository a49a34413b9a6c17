import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import Tooltip from '@mui/material/Tooltip'
import { t } from '@gis/shared/i18n'
import { normalDegrees } from './orbit-format'

const SIZE = 64

function Dial({
  label,
  testId,
  onClick,
  children,
}: {
  label: string
  testId: string
  onClick: () => void
  children: React.ReactNode
}) {
  return (
    <Tooltip title={label} placement="left" disableInteractive>
      <ButtonBase
        onClick={onClick}
        aria-label={label}
        data-testid={testId}
        focusRipple
        sx={{
          width: SIZE,
          height: SIZE,
          borderRadius: '50%',
          bgcolor: 'rgba(23, 37, 47, 0.72)',
          border: '2px solid rgba(255,255,255,0.85)',
          boxShadow: 2,
          '&:hover': { bgcolor: 'rgba(11, 79, 108, 0.9)' },
        }}
      >
        <svg viewBox="-32 -32 64 64" width={SIZE - 4} height={SIZE - 4} aria-hidden="true">
          {children}
        </svg>
      </ButtonBase>
    </Tooltip>
  )
}

/**
 * The two compass indicators of spec 2 §2.6. Vehicle north: where north is from the direction
 * looked at (a click looks north). Camera rotation: the direction looked at from the vehicle's
 * forward direction (a click looks forward again, rotation 0).
 */
export function Compasses({
  yaw,
  azimuth,
  onNorth,
  onForward,
}: {
  /** The bearing looked at, degrees. */
  yaw: number
  /** The vehicle's heading, degrees. */
  azimuth: number
  onNorth: () => void
  onForward: () => void
}) {
  const north = Math.round(normalDegrees(yaw)) % 360
  const camera = Math.round(normalDegrees(yaw - azimuth)) % 360
  return (
    <Box
      sx={{
        position: 'absolute',
        top: 12,
        right: 12,
        zIndex: 10,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      <Dial
        label={t('orbit.compass.north', { angle: north })}
        testId="compass-north"
        onClick={onNorth}
      >
        <g transform={`rotate(${-yaw})`}>
          <circle r="26" fill="none" stroke="rgba(255,255,255,0.35)" strokeWidth="1.5" />
          <path d="M0 -24 L6 0 L-6 0 Z" fill="#e53935" />
          <path d="M0 24 L6 0 L-6 0 Z" fill="#eceff1" />
        </g>
        <text
          x={Math.sin((-yaw * Math.PI) / 180) * 20}
          y={-Math.cos((-yaw * Math.PI) / 180) * 20 + 4}
          fontSize="11"
          fontWeight="700"
          fill="#fff"
          textAnchor="middle"
          fontFamily="Inter Variable, Arial, sans-serif"
        >
          N
        </text>
      </Dial>
      <Dial
        label={t('orbit.compass.camera', { angle: camera })}
        testId="compass-camera"
        onClick={onForward}
      >
        <g transform={`rotate(${-(yaw - azimuth)})`}>
          {/* The vehicle seen from above, its front up when the camera looks forward. */}
          <rect x="-7" y="-12" width="14" height="24" rx="4" fill="#eceff1" />
          <rect x="-5" y="-8" width="10" height="6" rx="1.5" fill="#546e7a" />
          <path d="M0 -22 L5 -15 L-5 -15 Z" fill="#eceff1" />
        </g>
        {/* The view cone: always up, the way the viewer looks. */}
        <path d="M0 0 L-11 -26 A28 28 0 0 1 11 -26 Z" fill="rgba(255, 183, 77, 0.45)" />
      </Dial>
    </Box>
  )
}
