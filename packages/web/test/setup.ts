// The web's unit tests run with the whole catalogue, as every screen but the sign-in page does.
import '@gis/shared/i18n-all'
