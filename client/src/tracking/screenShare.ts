/** How much of a post the window shows. */
export interface ScreenShare {
  onScreen: boolean;
  /** All of it, or, for a post taller than the window, as much as fills the window. */
  fully: boolean;
}

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
  height: number;
}

/** Sub-pixel layout rounding must not keep a post that fits from counting as fully shown. */
const TOLERANCE_PX = 1;

export function screenShareOf(box: Box, windowWidth: number, windowHeight: number): ScreenShare {
  const onScreen = box.height > 0 && box.bottom > 0 && box.top < windowHeight && box.right > 0 && box.left < windowWidth;
  const fitsVertically = box.top >= -TOLERANCE_PX && box.bottom <= windowHeight + TOLERANCE_PX;
  const fillsVertically = box.top <= TOLERANCE_PX && box.bottom >= windowHeight - TOLERANCE_PX;
  const fitsHorizontally = box.left >= -TOLERANCE_PX && box.right <= windowWidth + TOLERANCE_PX;
  return { onScreen, fully: onScreen && fitsHorizontally && (fitsVertically || fillsVertically) };
}
