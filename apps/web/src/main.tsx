import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./app/global.css";
import "./shared/i18n/i18n";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
