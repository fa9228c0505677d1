/** The spec's constants of the back office's shell (foundation §9), in one place. */

/** "Menu dropdown timeout 500": how long a hover-opened menu stays once the pointer leaves it (ms). */
export const MENU_DROPDOWN_CLOSE_DELAY_MS = 500;

/**
 * "Quick-cart and aside scroll maximum height 90 percent of the viewport": the top bar's cart
 * panel and the side menu never grow taller; their content scrolls inside.
 */
export const PANEL_MAX_HEIGHT = '90vh';
