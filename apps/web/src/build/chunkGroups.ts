/**
 * The signed-in app's code in one built file. Left to itself the bundler cuts the code behind
 * the router's lazy imports into a file per set of screens sharing it: the gallery loaded about
 * fifty, which queue on the browser's six connections (issue #19, its first paint). The modules
 * the signed-in shell and the gallery reach go in one file, except those the sign-in screens or
 * start-up reach too (those stay where /login's first JS, within its budget, wants them).
 */

/** The part of the bundler's module graph this reads. */
interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/** Whether a module is `root` or is statically imported, through any chain, by a module that is. */
function reachedFrom(root: RegExp): (id: string, graph: ModuleGraph) => boolean {
  const known = new Map<string, boolean>();
  return (id, graph) => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    const seen = new Set([id]);
    const queue = [id];
    let found = false;
    while (queue.length && !found) {
      const at = queue.pop()!;
      if (root.test(at) || known.get(at) === true) found = true;
      else
        for (const importer of graph.getModuleInfo(at)?.importers ?? [])
          if (!seen.has(importer)) {
            seen.add(importer);
            queue.push(importer);
          }
    }
    known.set(id, found);
    return found;
  };
}

/** Start-up and the screens outside the signed-in shell. */
const PUBLIC_ROOTS =
  /[\\/]src[\\/](main|boot)\.tsx$|[\\/]features[\\/]auth[\\/]components[\\/](Login|Register|ForgotPassword|ResetPassword|VerifyEmail|AuthCallback)Page\.tsx$|[\\/](NotFoundPage|TestCheckoutPage|TestPortalPage)\.tsx$/;

/** The signed-in shell with its work slices, and the gallery. */
const SHELL_ROOTS =
  /[\\/]features[\\/]shell[\\/]components[\\/]layouts\.tsx$|[\\/]app[\\/]workSlices\.ts$|[\\/]customization[\\/]store[\\/]loadOptions\.ts$|[\\/]features[\\/]gallery[\\/](GalleryPage\.tsx|lib[\\/]firstScreen\.ts)$/;

/**
 * The contract's modules. The web imports them through its index, so the import graph cannot
 * tell which screens use which: those that start-up or a sign-in screen uses are named here (the
 * first-JS test fails when one is missing: /login would load the app's file), the others go
 * with the signed-in app.
 */
const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/]/;
const SIGN_IN_CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/](index|site|authRules|galleryView|billing|auth)\.ts$/;

/**
 * A code-splitting group's `name`: 'boot' for the app's own modules every screen runs (what
 * boot.tsx reaches; the libraries are the framework's file), else none. One file instead of a
 * handful shared with the screens (the contract's index included: its modules' placement is
 * below).
 */
export function bootChunk(): (id: string, graph: ModuleGraph) => string | null {
  const isBoot = reachedFrom(/[\\/]src[\\/]boot\.tsx$/);
  // What the entry (main.tsx) reaches stays in the entry: it runs before the framework loads.
  const isEntry = reachedFrom(/[\\/]src[\\/]main\.tsx$/);
  return (id, graph) => (!id.includes('node_modules') && isBoot(id, graph) && !isEntry(id, graph) ? 'boot' : null);
}

/**
 * A code-splitting group's `name`: 'sign-in' for what the sign-in page runs beyond start-up (its
 * form, layout, buttons and icons), else none. One file instead of a dozen, for /login and for
 * the signed-in screens that share its buttons and alerts.
 */
export function signInChunk(): (id: string, graph: ModuleGraph) => string | null {
  const isSignIn = reachedFrom(/[\\/]features[\\/]auth[\\/]components[\\/]LoginPage\.tsx$/);
  const isStartUp = reachedFrom(/[\\/]src[\\/](main|boot)\.tsx$/);
  const library = /node_modules[\\/](?!lucide-react[\\/])/;
  // The page itself stays the router's lazy chunk, under its own name.
  const page = /[\\/]LoginPage\.tsx$/;
  return (id, graph) =>
    !library.test(id) && !CONTRACT.test(id) && !page.test(id) && isSignIn(id, graph) && !isStartUp(id, graph) ? 'sign-in' : null;
}

/** A code-splitting group's `name`: 'app' for the signed-in app's own modules, else none. */
export function signedInAppChunk(): (id: string, graph: ModuleGraph) => string | null {
  const isPublic = reachedFrom(PUBLIC_ROOTS);
  const isShell = reachedFrom(SHELL_ROOTS);
  return (id, graph) => {
    if (CONTRACT.test(id)) return SIGN_IN_CONTRACT.test(id) ? null : 'app';
    return isShell(id, graph) && !isPublic(id, graph) ? 'app' : null;
  };
}
