/** Ctrl/Cmd+K: jump to an area (more commands join as features land). */
import { Command } from 'cmdk';
import { errorOf } from '../bridge/client';
import { useCall, useCallMutation } from '../bridge/queries';
import { notify } from '../ui/toast';
import { AREAS } from './areas';
import { useNav } from './nav-store';

export function CommandPalette() {
  const open = useNav((s) => s.paletteOpen);
  const setOpen = useNav((s) => s.setPaletteOpen);
  const go = useNav((s) => s.go);
  const profiles = useCall('profiles.list', {});
  const activate = useCallMutation('profiles.activate', { onError: (e) => notify.error(errorOf(e).title) });
  const switchTo = (id: string) => {
    setOpen(false);
    activate.mutate({ id });
  };
  return (
    <Command.Dialog open={open} onOpenChange={setOpen} label="Command palette" className="palette" overlayClassName="palette-overlay">
      <Command.Input placeholder="Go to…" aria-label="Command" />
      <Command.List>
        <Command.Empty>No matching command.</Command.Empty>
        <Command.Group heading="Areas">
          {AREAS.map((a) => (
            <Command.Item key={a.id} value={`Go to ${a.label}`} onSelect={() => go(a.id)}>
              <a.icon aria-hidden="true" size={16} /> Go to {a.label}
            </Command.Item>
          ))}
        </Command.Group>
        <Command.Group heading="Profiles">
          {(profiles.data?.profiles ?? [])
            .filter((p) => p.id !== profiles.data?.activeId)
            .map((p) => (
              <Command.Item key={p.id} value={`Switch to profile ${p.name}`} onSelect={() => switchTo(p.id)}>
                Switch to profile {p.name}
              </Command.Item>
            ))}
        </Command.Group>
      </Command.List>
    </Command.Dialog>
  );
}
