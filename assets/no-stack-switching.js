// Python on this site runs without WebAssembly stack switching (JSPI): imported first by
// assets/snapshot.js and assets/snapshot-worker.js, before Pyodide looks for it.
//
// Why: with JSPI, Pyodide runs Python called from JavaScript on secondary stacks, and
// Chromium's renderer (156 here) now and then crashes reading one word past the top of such
// a stack: the tab dies with no error the page could catch (crash dumps of the suite's
// Chromium, all at the same instruction, the faulting address the end of the secondary
// stack). pyodide/pyodide#6106 and #5702 report the same crashes, gone with JSPI disabled.
// The site needs none of it: JSPI serves only Pyodide's run_sync and synchronous
// run_until_complete, which the package never calls (tests/test_layers.py keeps it so).
// Pyodide decides when its module loads ("Suspending" in WebAssembly, pyodide.asm.mjs);
// without the names it takes the path it takes in engines without JSPI (WebKit's).
for (const name of ["Suspending", "promising", "Suspender"]) delete WebAssembly[name];
