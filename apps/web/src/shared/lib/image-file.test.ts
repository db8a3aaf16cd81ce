import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES } from "@lootlane/contract";
import { checkImageFile, IMAGE_ACCEPT } from "./image-file";

function file(name: string, type: string, size = 1024): File {
  return new File([new Uint8Array(size)], name, { type });
}

describe("checkImageFile", () => {
  it.each([
    ["me.jpg", "image/jpeg"],
    ["me.JPEG", "image/jpeg"],
    ["me.png", "image/png"],
    ["me.png", ""],
  ])("accepts %s (%s)", (name, type) => {
    expect(checkImageFile(file(name, type))).toBeNull();
  });

  it.each([
    ["me.gif", "image/gif"],
    ["me.webp", "image/webp"],
    ["notes.pdf", "application/pdf"],
    ["renamed.png", "application/pdf"],
    ["png", "image/png"],
  ])("refuses %s (%s) as the wrong type", (name, type) => {
    expect(checkImageFile(file(name, type))).toBe("wrongType");
  });

  it("accepts exactly 5 MB and refuses one byte more", () => {
    expect(checkImageFile(file("big.jpg", "image/jpeg", IMAGE_MAX_BYTES))).toBeNull();
    expect(checkImageFile(file("big.jpg", "image/jpeg", IMAGE_MAX_BYTES + 1))).toBe("tooLarge");
  });
});

describe("IMAGE_ACCEPT", () => {
  it("lets a file dialog show the three extensions and their MIME types", () => {
    expect(IMAGE_ACCEPT.split(",").sort()).toEqual([".jpeg", ".jpg", ".png", "image/jpeg", "image/png"]);
  });
});
