import { describe, expect, it } from "vitest";

// The test setup gives the page Node's FormData and File (setup.ts); they must still behave as a browser's.
describe("the test page's forms", () => {
  it("reads a form element into FormData, as React does for a form submitted during a transition", () => {
    const form = document.createElement("form");
    form.innerHTML = `<input name="username" value="seller"><input name="rating" value="5"><button name="go" value="save">Save</button>`;
    const submitter = form.querySelector("button");

    const data = new FormData(form, submitter);

    expect([...data.entries()]).toEqual([
      ["username", "seller"],
      ["rating", "5"],
      ["go", "save"],
    ]);
  });

  it("sends picked files through fetch's own FormData", async () => {
    const data = new FormData();
    data.append("image", new File(["png"], "a.png", { type: "image/png" }));

    const parsed = await new Response(data).formData();

    expect(await (parsed.get("image") as File).text()).toBe("png");
  });
});
