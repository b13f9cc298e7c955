/** How a chart element drills down by mouse and by keyboard: click adds the chip, Alt-click or Alt+Enter excludes. */
import type { KeyboardEvent, MouseEvent } from 'react';
import type { DrillDown } from '../view-types';

/** The handlers of a drillable button: click (Alt: negated), and Alt+Enter since Enter alone already clicks. */
export function drillHandlers(token: string, onDrill: (drill: DrillDown) => void) {
  return {
    onClick(e: MouseEvent) {
      onDrill({ token, negated: e.altKey });
    },
    onKeyDown(e: KeyboardEvent) {
      if (e.key === 'Enter' && e.altKey) {
        // Keep the button's own click (which would add the including chip) from following.
        e.preventDefault();
        onDrill({ token, negated: true });
      }
    },
  };
}

/** What the drillable parts of a chart tell assistive technology about their keys. */
export const DRILL_HINT = 'Click or Enter adds the filter; Alt-click or Alt+Enter excludes it.';
