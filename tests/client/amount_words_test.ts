// An amount in words, as the bid confirmation repeats it: English words and Chinese upper-case
// financial numerals (大写), zeros said as the People's Bank's rules for written amounts ask.
import assert from "node:assert/strict";
import { amountInWords, chineseUpper, englishWords } from "../../client/shared/amountWords.ts";

Deno.test("a bid of 29100 reads back as 贰万玖仟壹佰元整 and as twenty-nine thousand one hundred yuan", () => {
  assert.equal(chineseUpper("29100"), "贰万玖仟壹佰元整");
  assert.equal(chineseUpper("292,000.00"), "贰拾玖万贰仟元整");
  assert.equal(englishWords("29100"), "Twenty-nine thousand one hundred yuan only");
  assert.equal(englishWords("292000.00"), "Two hundred ninety-two thousand yuan only");
  assert.equal(amountInWords("29100", "zh"), "贰万玖仟壹佰元整");
  assert.equal(amountInWords("29100", "en"), "Twenty-nine thousand one hundred yuan only");
});

Deno.test("Chinese upper case: one 零 for a run of zeros inside, none at the end, 壹拾 for ten", () => {
  const cases: [string, string][] = [
    ["0", "零元整"],
    ["10", "壹拾元整"],
    ["15", "壹拾伍元整"],
    ["105", "壹佰零伍元整"],
    ["1001", "壹仟零壹元整"],
    ["1010", "壹仟零壹拾元整"],
    ["10010", "壹万零壹拾元整"],
    ["100000", "壹拾万元整"],
    ["1010000", "壹佰零壹万元整"],
    ["100000001", "壹亿零壹元整"],
    ["101000000", "壹亿零壹佰万元整"],
    ["1000000000000", "壹万亿元整"],
    ["9999999999999", "玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整"],
  ];
  for (const [amount, words] of cases) assert.equal(chineseUpper(amount), words, amount);
});

Deno.test("Chinese upper case below the yuan: 角 and 分 (and 厘, 毫 of a unit price); 整 only without 分", () => {
  const cases: [string, string][] = [
    ["1680.32", "壹仟陆佰捌拾元叁角贰分"],
    ["16409.02", "壹万陆仟肆佰零玖元零贰分"],
    ["1000.05", "壹仟元零伍分"],
    ["200.5", "贰佰元伍角整"],
    ["200.50", "贰佰元伍角整"],
    ["0.5", "伍角整"],
    ["0.05", "伍分"],
    ["329.9967", "叁佰贰拾玖元玖角玖分陆厘柒毫"],
    ["12.0005", "壹拾贰元零伍毫"],
    ["204000.50", "贰拾万肆仟元伍角整"],
  ];
  for (const [amount, words] of cases) assert.equal(chineseUpper(amount), words, amount);
});

Deno.test("English words: hyphenated tens, thousand to trillion, cents as a fraction of a yuan", () => {
  const cases: [string, string][] = [
    ["0", "Zero yuan only"],
    ["1", "One yuan only"],
    ["13", "Thirteen yuan only"],
    ["105", "One hundred five yuan only"],
    ["1000000", "One million yuan only"],
    ["217000", "Two hundred seventeen thousand yuan only"],
    ["1000000000001", "One trillion one yuan only"],
    ["204000.5", "Two hundred four thousand yuan and 50/100"],
    ["204000.05", "Two hundred four thousand yuan and 05/100"],
    ["329.9967", "Three hundred twenty-nine yuan and 9967/10000"],
  ];
  for (const [amount, words] of cases) assert.equal(englishWords(amount), words, amount);
});

Deno.test("what is not an amount has no words", () => {
  for (const bad of ["", "abc", "-5", "1.23456", "12345678901234"]) {
    assert.equal(chineseUpper(bad), "", bad);
    assert.equal(englishWords(bad), "", bad);
  }
});
