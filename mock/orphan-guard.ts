// Preloaded (`node --import`) into every child process the mock starts (each Prism; the mock under
// `npm start`): the child exits when its parent is gone, however the parent died (`kill -9`, the
// kernel's out-of-memory killer), after removing the parent's temporary files. The parent holds
// the write end of the child's stdin pipe; the kernel closes it when the parent dies and the child
// reads end-of-file. A check of the parent's PID each second backs it up. It acts only in a child
// whose parent asked for it (GUARD_PARENT holds the parent's PID), so a grandchild that inherits
// the environment is left alone.
import { rmSync } from 'node:fs';

/** The environment variable that names the parent to watch (its PID). */
export const GUARD_PARENT = 'MOCK_GUARD_PARENT';
/** The environment variable that lists (JSON array) the paths to remove when the parent is gone. */
export const GUARD_REMOVE = 'MOCK_GUARD_REMOVE';

const parent = process.env[GUARD_PARENT];

/** Whether a process with this PID exists (signal 0 checks without sending anything). */
function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Our parent, or a parent that died before this child got this far (a Prism spawned just before a
// `kill -9` of the mock starts with PID 1 as its parent): then the child is an orphan from the start.
// A grandchild that inherited the variable has a living parent of another PID and is left alone.
const parentPid = Number(parent);
const ours = parent !== undefined && /^\d+$/.test(parent) && (parent === String(process.ppid) || !exists(parentPid));
if (ours) {
  const remove = (() => {
    try {
      const list: unknown = JSON.parse(process.env[GUARD_REMOVE] ?? '[]');
      return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string' && p.length > 1).slice(0, 8) : [];
    } catch {
      return [];
    }
  })();
  delete process.env[GUARD_PARENT];
  delete process.env[GUARD_REMOVE];
  const cleanUp = (): void => {
    for (const p of remove) {
      try {
        // The parent's other children remove the same files at the same moment.
        rmSync(p, { recursive: true, force: true, maxRetries: 3 });
      } catch {
        /* removed by another child, or not ours to remove */
      }
    }
  };
  const orphaned = (): void => {
    cleanUp();
    process.exit(0);
  };
  // However this child ends once its parent is gone (a write to the parent's closed pipe can end it first), the files go.
  process.on('exit', () => {
    if (String(process.ppid) !== parent) cleanUp();
  });
  // A write to the dead parent's pipe (EPIPE) must not end the child before it has cleaned up.
  for (const out of [process.stdout, process.stderr])
    out.on('error', () => {
      if (String(process.ppid) !== parent) orphaned();
    });
  process.stdin.on('end', orphaned);
  process.stdin.on('close', orphaned);
  process.stdin.on('error', orphaned);
  process.stdin.resume();
  (process.stdin as { unref?: () => void }).unref?.();
  if (String(process.ppid) !== parent) orphaned();
  setInterval(() => {
    if (String(process.ppid) !== parent) orphaned();
  }, 1000).unref();
}
