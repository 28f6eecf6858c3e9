import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { removeExpiredToken } from "../providers/auth-provider";
import { App } from "./App";

// A session whose token has expired ends at start (spec part 1 §4), before any call is made with it.
removeExpiredToken();

const root = document.getElementById("root");
if (!root) throw new Error("Élément #root absent de index.html");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
