/** Layout constants: sizes the shell is built from. */
export const MENU_BREAKPOINT_PX = 768;
export const EARN_CREDITS_NARROW_BREAKPOINT_PX = 600;
export const MENU_TOP_OFFSET_PX = { normal: 60, narrow: 20, earnCredits: 40 } as const;
export const MENU_SCROLL_THROTTLE_MS = 250;
export const VIEW_TRACKING_THROTTLE_MS = 500;
export const LOGO_HEIGHT_PX = 45;
export const MODAL_Z_INDEX = 10000;
/** Added to the computed window height before the footer height is subtracted. */
export const WINDOW_HEIGHT_EXTRA_PX = 14;
/** Transition times of dialogs (fade, modal), the side menu (collapse) and picture carousels; none under reduced motion. */
export const TRANSITION_MS = { fade: 150, collapse: 350, modal: 300, carousel: 600 } as const;
export const ASSETS_BASE = '/assets/';
