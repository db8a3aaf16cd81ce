import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LANGUAGE_STORAGE_KEY } from "@lootlane/contract";
import { reloadPage } from "@/shared/lib/reload-page";
import { readStoredLanguage } from "@/shared/i18n/language";
import { LanguageSelect } from "./language-select";

function renderSelect() {
  render(
    <MantineProvider env="test">
      <LanguageSelect />
    </MantineProvider>,
  );
  return screen.getByRole("combobox", { name: "Language" });
}

describe("LanguageSelect", () => {
  it("offers English and Russian, each named in itself, with the current language chosen", () => {
    const select = renderSelect();

    expect(select).toHaveValue("en");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["English", "Русский"]);
  });

  it("stores the choice under user-language and reloads the page", async () => {
    const select = renderSelect();

    await userEvent.selectOptions(select, "ru");

    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("ru");
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("does nothing when the current language is chosen again", async () => {
    const select = renderSelect();

    await userEvent.selectOptions(select, "en");

    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

describe("the stored language", () => {
  it("is read back, and anything that is not a supported language is ignored", () => {
    expect(readStoredLanguage()).toBeNull();
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "ru");
    expect(readStoredLanguage()).toBe("ru");
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "de");
    expect(readStoredLanguage()).toBeNull();
  });

  it("sets the document language", () => {
    expect(document.documentElement.lang).toBe("en");
  });
});
