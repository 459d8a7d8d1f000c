/**
 * An IMS QTI 2.1 content package: a zip with imsmanifest.xml (IMS CP 1.1), one assessmentItem per question
 * under items/, and an assessmentTest that references them in order. Multiple choice and true/false are a
 * choiceInteraction, short answers a textEntryInteraction whose mapping accepts the key and its alternatives
 * (case-insensitive). Response processing is written out rather than named by template: it scores exactly as
 * the match_correct / map_response templates do, and also shows the explanation as modal feedback, which a
 * template cannot do.
 */
import { strToU8, zipSync } from "fflate";
import { letter, type ExportItem, type ExportTest, type Renderer } from "./model.ts";
import { buildXml as xml } from "./xml.ts";

const QTI_NS = {
  "@_xmlns": "http://www.imsglobal.org/xsd/imsqti_v2p1",
  "@_xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
  "@_xsi:schemaLocation": "http://www.imsglobal.org/xsd/imsqti_v2p1 http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1.xsd",
};
const CP_NS = {
  "@_xmlns": "http://www.imsglobal.org/xsd/imscp_v1p1",
  "@_xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
  "@_xsi:schemaLocation": "http://www.imsglobal.org/xsd/imscp_v1p1 http://www.imsglobal.org/xsd/qti/qtiv2p1/qtiv2p1_imscpv1p2_v1p0.xsd",
};

const TEST_FILE = "assessmentTest.xml";

/** Identifiers and paths of the items: "item-07", "items/item-07.xml" (sorted as the test is). */
export function itemIds(count: number): { id: string; href: string }[] {
  const width = Math.max(2, String(count).length);
  return Array.from({ length: count }, (_, i) => {
    const id = `item-${String(i + 1).padStart(width, "0")}`;
    return { id, href: `items/${id}.xml` };
  });
}

const float = (value: number) => ({ baseValue: { "@_baseType": "float", "#text": String(value) } });
const setScore = (value: object) => ({ setOutcomeValue: { "@_identifier": "SCORE", ...value } });
const response = { variable: { "@_identifier": "RESPONSE" } };

function scoring(item: ExportItem) {
  if (item.kind === "short") {
    return { responseIf: { isNull: response, ...setScore(float(0)) }, responseElse: setScore({ mapResponse: { "@_identifier": "RESPONSE" } }) };
  }
  return { responseIf: { match: { ...response, correct: { "@_identifier": "RESPONSE" } }, ...setScore(float(1)) }, responseElse: setScore(float(0)) };
}

function declaration(item: ExportItem) {
  if (item.kind === "short") {
    return {
      "@_identifier": "RESPONSE",
      "@_cardinality": "single",
      "@_baseType": "string",
      correctResponse: { value: item.answers[0] ?? "" },
      mapping: {
        "@_defaultValue": "0",
        "@_lowerBound": "0",
        "@_upperBound": "1",
        mapEntry: item.answers.map((a) => ({ "@_mapKey": a, "@_mappedValue": "1", "@_caseSensitive": "false" })),
      },
    };
  }
  const correct = item.kind === "choice" ? letter(item.correct) : item.answer ? "TRUE" : "FALSE";
  return { "@_identifier": "RESPONSE", "@_cardinality": "single", "@_baseType": "identifier", correctResponse: { value: `choice-${correct}` } };
}

function body(item: ExportItem) {
  if (item.kind === "short") {
    const expectedLength = Math.min(60, Math.max(10, ...item.answers.map((a) => a.length + 5)));
    return { p: [item.text, { textEntryInteraction: { "@_responseIdentifier": "RESPONSE", "@_expectedLength": String(expectedLength) } }] };
  }
  const choices =
    item.kind === "choice"
      ? item.options.map((option, i) => ({ "@_identifier": `choice-${letter(i)}`, "#text": option }))
      : [
          { "@_identifier": "choice-TRUE", "#text": "True" },
          { "@_identifier": "choice-FALSE", "#text": "False" },
        ];
  return { choiceInteraction: { "@_responseIdentifier": "RESPONSE", "@_shuffle": "false", "@_maxChoices": "1", prompt: item.text, simpleChoice: choices } };
}

export function assessmentItem(item: ExportItem, id: string): string {
  const feedback = item.explanation
    ? {
        responseProcessing: {
          responseCondition: scoring(item),
          setOutcomeValue: { "@_identifier": "FEEDBACK", baseValue: { "@_baseType": "identifier", "#text": "EXPLANATION" } },
        },
        modalFeedback: { "@_outcomeIdentifier": "FEEDBACK", "@_identifier": "EXPLANATION", "@_showHide": "show", "#text": item.explanation },
      }
    : { responseProcessing: { responseCondition: scoring(item) } };
  return xml({
    assessmentItem: {
      ...QTI_NS,
      "@_identifier": id,
      "@_title": `Question ${item.number}`,
      "@_adaptive": "false",
      "@_timeDependent": "false",
      responseDeclaration: declaration(item),
      outcomeDeclaration: [
        { "@_identifier": "SCORE", "@_cardinality": "single", "@_baseType": "float", defaultValue: { value: "0" } },
        ...(item.explanation ? [{ "@_identifier": "FEEDBACK", "@_cardinality": "single", "@_baseType": "identifier" }] : []),
      ],
      itemBody: body(item),
      ...feedback,
    },
  });
}

function assessmentTest(test: ExportTest, items: { id: string; href: string }[]): string {
  return xml({
    assessmentTest: {
      ...QTI_NS,
      "@_identifier": `test-${test.id}`,
      "@_title": test.title,
      outcomeDeclaration: { "@_identifier": "SCORE", "@_cardinality": "single", "@_baseType": "float", defaultValue: { value: "0" } },
      testPart: {
        "@_identifier": "part-1",
        "@_navigationMode": "nonlinear",
        "@_submissionMode": "simultaneous",
        assessmentSection: {
          "@_identifier": "section-1",
          "@_title": test.title,
          "@_visible": "true",
          assessmentItemRef: items.map(({ id, href }) => ({ "@_identifier": id, "@_href": href })),
        },
      },
      outcomeProcessing: { setOutcomeValue: { "@_identifier": "SCORE", sum: { testVariables: { "@_variableIdentifier": "SCORE" } } } },
    },
  });
}

function manifest(test: ExportTest, items: { id: string; href: string }[]): string {
  const testResource = {
    "@_identifier": `test-${test.id}`,
    "@_type": "imsqti_test_xmlv2p1",
    "@_href": TEST_FILE,
    file: { "@_href": TEST_FILE },
    dependency: items.map(({ id }) => ({ "@_identifierref": id })),
  };
  const itemResources = items.map(({ id, href }) => ({ "@_identifier": id, "@_type": "imsqti_item_xmlv2p1", "@_href": href, file: { "@_href": href } }));
  return xml({
    manifest: {
      ...CP_NS,
      "@_identifier": `MANIFEST-test-${test.id}`,
      metadata: { schema: "QTIv2.1 Package", schemaversion: "1.0.0" },
      organizations: "",
      resources: { resource: [testResource, ...itemResources] },
    },
  });
}

/** The package's files by path (the zip's entries). */
export function qtiFiles(test: ExportTest): Record<string, string> {
  const items = itemIds(test.items.length);
  const files: Record<string, string> = { "imsmanifest.xml": manifest(test, items), [TEST_FILE]: assessmentTest(test, items) };
  test.items.forEach((item, i) => (files[items[i]!.href] = assessmentItem(item, items[i]!.id)));
  return files;
}

export const renderQti: Renderer = (test) => {
  const entries = Object.fromEntries(Object.entries(qtiFiles(test)).map(([path, text]) => [path, strToU8(text)]));
  return { body: zipSync(entries, { level: 6 }), contentType: "application/zip", suffix: "QTI", extension: "zip" };
};
