import { configure } from "@testing-library/dom";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy…/waitFor give a page up to 5 s to appear, not the default 1 s: the first render
// of a route module also loads its imports, which on a busy 2-core machine once took longer.
// A wrong page still fails, only later.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
