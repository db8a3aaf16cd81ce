import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./app/global.css";
import { i18nReady } from "./shared/i18n/i18n";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The first render waits for the shell's texts, so nothing shows a raw key; meanwhile the current user and the
// first screen (code and texts) are already downloading, since App's module starts them.
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
