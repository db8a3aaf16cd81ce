import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { LANGUAGE_STORAGE_KEY } from "@lootlane/contract";
import { currentUserQueryKey, type CurrentUser } from "@/shared/auth/current-user";
import { reloadPage } from "@/shared/lib/reload-page";
import { readStoredLanguage } from "@/shared/i18n/language";
import { makeUser } from "@/test/render-app";
import { refusal, stubApi } from "@/test/stub-api";
import { LanguageSelect } from "./language-select";

/** The selector as a guest sees it, or `user` signed in. */
function renderSelect(user: CurrentUser | null = null) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <LanguageSelect />
      </MantineProvider>
    </QueryClientProvider>,
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

  it("sets the user-language cookie before the reload, so the server's page head speaks the new language", async () => {
    let cookieAtReload = "";
    vi.mocked(reloadPage).mockImplementation(() => {
      cookieAtReload = document.cookie;
    });
    const select = renderSelect();

    await userEvent.selectOptions(select, "ru");

    expect(cookieAtReload.split("; ")).toContain("user-language=ru");
  });

  it("tells the server first when someone is signed in, so their e-mails follow", async () => {
    let reloadedAfterPut = false;
    const api = stubApi({ "PUT users/language": { status: 200 } });
    vi.mocked(reloadPage).mockImplementation(() => {
      reloadedAfterPut = api.calls.length === 1;
    });
    const select = renderSelect(makeUser());

    await userEvent.selectOptions(select, "ru");

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(api.bodiesOf("PUT users/language")).toEqual([{ language: "ru" }]);
    expect(reloadedAfterPut).toBe(true);
  });

  it("switches even when the server cannot be told now", async () => {
    stubApi({ "PUT users/language": refusal(500, "SERVER_ERROR", "Something went wrong on our side") });
    const select = renderSelect(makeUser());

    await userEvent.selectOptions(select, "ru");

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("ru");
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
