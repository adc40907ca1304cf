import { type PointerEvent, useRef } from "react";

/** How far (px) a finger must travel sideways for a swipe. */
export const SWIPE_DISTANCE = 40;
/** How far (px) a finger may wander in a tap. */
const TAP_SLOP = 10;

interface Gestures {
  /** A horizontal swipe: 1 for the next item (a swipe to the left), -1 for the previous one. */
  onSwipe: (step: 1 | -1) => void;
  /** A tap or a click. */
  onTap: () => void;
}

/**
 * Taps and horizontal swipes on an element, by touch, pen or mouse (a mouse only clicks: it has the
 * thumbnails and the arrow keys). The element should have `touch-action: pan-y`, so that the page
 * still scrolls vertically under the finger (the browser then cancels the pointer: no swipe).
 * A touch is read from its pointer events, not from the click the browser may (or, right after a
 * fling, may not) make of it; that click is then ignored, and so is a click no press on the element
 * began (the one a tap that opened a dialog goes on to make in that dialog).
 */
export function useGestures({ onSwipe, onTap }: Gestures) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  // Pressed here (a click may follow), and whether the pointer's gesture was read already.
  const pressed = useRef(false);
  const done = useRef(false);
  return {
    onPointerDown(event: PointerEvent) {
      pressed.current = true;
      done.current = false;
      start.current =
        event.pointerType === "mouse" || !event.isPrimary ? null : { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) >= 2 * Math.abs(dy)) {
        done.current = true;
        onSwipe(dx < 0 ? 1 : -1);
      } else if (Math.abs(dx) <= TAP_SLOP && Math.abs(dy) <= TAP_SLOP) {
        done.current = true;
        onTap();
      }
    },
    onPointerCancel() {
      start.current = null;
    },
    onClick() {
      const tap = pressed.current && !done.current;
      pressed.current = false;
      done.current = false;
      if (tap) onTap();
    },
  };
}

/** The step an arrow key asks for: 1 for the next item, -1 for the previous one, 0 for another key. */
export function arrowStep(key: string): 1 | -1 | 0 {
  return key === "ArrowRight" ? 1 : key === "ArrowLeft" ? -1 : 0;
}
