import { describe, expect, it } from 'vitest';
import { type Has, MENU, shortcuts, visibleMenu } from '../../app/navigation';

/** The check-in entry is hidden, in the side menu and among the home shortcuts, when check-in is off. */
describe('the check-in menu entry', () => {
  const keys = (has: Has) =>
    visibleMenu(() => true, MENU, has).flatMap((section) => section.entries.map((entry) => entry.key));

  it('shows when check-in is on, and not when it is off', () => {
    expect(keys(() => true)).toContain('warehouseCheckin');
    expect(keys(() => false)).not.toContain('warehouseCheckin');
    expect(keys(() => false)).toContain('warehouseControl');
  });

  it('leaves the home shortcuts when check-in is off', () => {
    expect(
      shortcuts(
        () => true,
        MENU,
        () => true,
      ).map((l) => l.key),
    ).toContain('warehouseCheckin');
    expect(
      shortcuts(
        () => true,
        MENU,
        () => false,
      ).map((l) => l.key),
    ).not.toContain('warehouseCheckin');
  });

  it('needs warehouse_checkin.submenu as well', () => {
    const entries = visibleMenu(
      (p) => p !== 'warehouse_checkin.submenu',
      MENU,
      () => true,
    );
    expect(entries.flatMap((s) => s.entries.map((e) => e.key))).not.toContain('warehouseCheckin');
  });
});
