import { describe, expect, it } from "vitest";
import { readFormData, readFormFields, readJsonBody } from "./form-data.server.ts";

const post = (contentType: string | null, body?: BodyInit) =>
  new Request("http://localhost/form", {
    method: "POST",
    headers: contentType ? { "content-type": contentType } : {},
    body,
  });

/** What the helper threw: React Router's data() with a status, as an action's caller sees it. */
async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (thrown) {
    const { data, init } = thrown as { data: { error: { code: string; message: string } }; init: ResponseInit };
    return { status: init.status, code: data.error.code };
  }
  throw new Error("Expected a refusal");
}

describe("readFormData", () => {
  it("reads urlencoded and multipart forms, and a POST with no body at all as an empty form", async () => {
    expect(await readFormFields(post("application/x-www-form-urlencoded; charset=UTF-8", "a=1&b=two"))).toEqual({
      a: "1",
      b: "two",
    });
    const multipart = new FormData();
    multipart.set("intent", "avatar");
    multipart.set("avatar", new File(["x"], "a.webp", { type: "image/webp" }));
    const form = await readFormData(new Request("http://localhost/form", { method: "POST", body: multipart }));
    expect(form.get("intent")).toBe("avatar");
    expect(form.get("avatar")).toBeInstanceOf(File);
    expect([...(await readFormData(post(null)))]).toEqual([]);
  });

  it("answers 415 to a body of another type and 400 to a form that does not parse", async () => {
    expect(await refusalOf(readFormData(post("application/json", '{"a":1}')))).toEqual({
      status: 415,
      code: "unsupported_media_type",
    });
    expect(await refusalOf(readFormData(post(null, "a=1")))).toMatchObject({ status: 415 });
    expect(await refusalOf(readFormData(post("multipart/form-data", "garbage")))).toEqual({
      status: 400,
      code: "bad_request",
    });
    expect(await refusalOf(readFormData(post("multipart/form-data; boundary=x", "garbage")))).toMatchObject({
      status: 400,
    });
  });
});

describe("readJsonBody", () => {
  it("reads JSON, including a +json type", async () => {
    expect(await readJsonBody(post("application/json", '{"a":1}'))).toEqual({ a: 1 });
    expect(await readJsonBody(post("application/merge-patch+json; charset=utf-8", "[1]"))).toEqual([1]);
  });

  it("answers 415 to another type and 400 to JSON that does not parse", async () => {
    expect(await refusalOf(readJsonBody(post("application/x-www-form-urlencoded", "a=1")))).toMatchObject({
      status: 415,
    });
    expect(await refusalOf(readJsonBody(post(null)))).toMatchObject({ status: 415 });
    expect(await refusalOf(readJsonBody(post("application/json", "{")))).toMatchObject({ status: 400 });
    expect(await refusalOf(readJsonBody(post("application/json", "")))).toMatchObject({ status: 400 });
  });
});
