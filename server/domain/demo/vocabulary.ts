// The generated data's vocabulary: Chinese and English supplier names, people, categories,
// materials, equipment, audited calls and browsers, and the seeded random numbers that pick them.

// ---------------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------------

export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof rng>;

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

const cities = [
  ["深圳", "Shenzhen"],
  ["东莞", "Dongguan"],
  ["惠州", "Huizhou"],
  ["广州", "Guangzhou"],
  ["苏州", "Suzhou"],
  ["昆山", "Kunshan"],
  ["上海", "Shanghai"],
  ["珠海", "Zhuhai"],
  ["江门", "Jiangmen"],
  ["无锡", "Wuxi"],
  ["南通", "Nantong"],
  ["成都", "Chengdu"],
  ["重庆", "Chongqing"],
  ["武汉", "Wuhan"],
  ["厦门", "Xiamen"],
  ["台州", "Taizhou"],
] as const;
const zhBrand = [
  ["华", "Hua"],
  ["鑫", "Xin"],
  ["宏", "Hong"],
  ["盛", "Sheng"],
  ["达", "Da"],
  ["泰", "Tai"],
  ["丰", "Feng"],
  ["源", "Yuan"],
  ["兴", "Xing"],
  ["利", "Li"],
  ["恒", "Heng"],
  ["创", "Chuang"],
  ["汇", "Hui"],
  ["联", "Lian"],
  ["捷", "Jie"],
  ["科", "Ke"],
  ["瑞", "Rui"],
  ["通", "Tong"],
  ["金", "Jin"],
  ["永", "Yong"],
  ["佳", "Jia"],
  ["日", "Ri"],
  ["升", "Sheng"],
  ["富", "Fu"],
  ["安", "An"],
  ["德", "De"],
  ["海", "Hai"],
  ["博", "Bo"],
  ["新", "Xin"],
  ["光", "Guang"],
  ["正", "Zheng"],
  ["顺", "Shun"],
] as const;
const zhTrade = [
  ["电子材料", "Electronic Materials"],
  ["覆铜板", "Copper Clad Laminate"],
  ["化工", "Chemical"],
  ["铜箔", "Copper Foil"],
  ["精密机械", "Precision Machinery"],
  ["油墨", "Ink"],
  ["电路科技", "Circuit Technology"],
  ["自动化设备", "Automation Equipment"],
  ["包装材料", "Packaging"],
  ["环保科技", "Environmental Technology"],
  ["钻针", "Drill Bit"],
  ["干膜", "Dry Film"],
  ["金属", "Metal"],
  ["贸易", "Trading"],
] as const;
const zhSuffix = ["有限公司", "股份有限公司", "科技有限公司", "实业有限公司"] as const;
const enFirst = [
  "Apex",
  "Summit",
  "Pacific",
  "Golden",
  "Vertex",
  "Nova",
  "Atlas",
  "Crown",
  "Delta",
  "Everbright",
  "Fortune",
  "Harbor",
  "Iron",
  "Jade",
  "Keystone",
  "Lotus",
  "Meridian",
  "Northstar",
  "Orient",
  "Pioneer",
  "Quantum",
  "Radiant",
  "Sterling",
  "Titan",
  "Unity",
  "Vista",
  "Westbridge",
  "Zenith",
] as const;
const enTrade = [
  "Circuits",
  "Laminates",
  "Chemicals",
  "Materials",
  "Precision",
  "Electronics",
  "Tooling",
  "Imaging",
  "Metals",
  "Automation",
  "Substrates",
  "Supplies",
] as const;
const enSuffix = ["Co., Ltd.", "Inc.", "Ltd.", "GmbH", "Corporation", "Pte. Ltd."] as const;
export const surnames = [
  ["王", "Wang"],
  ["李", "Li"],
  ["张", "Zhang"],
  ["刘", "Liu"],
  ["陈", "Chen"],
  ["杨", "Yang"],
  ["黄", "Huang"],
  ["赵", "Zhao"],
  ["吴", "Wu"],
  ["周", "Zhou"],
] as const;
export const givenNames = [
  ["伟", "Wei"],
  ["芳", "Fang"],
  ["敏", "Min"],
  ["静", "Jing"],
  ["强", "Qiang"],
  ["磊", "Lei"],
  ["洋", "Yang"],
  ["艳", "Yan"],
  ["军", "Jun"],
  ["杰", "Jie"],
] as const;

type SupplierName = { abbrName: string; fullName: string; contact: string; domain: string };

export function supplierName(r: Rng): SupplierName {
  const [sn, snEn] = r.pick(surnames);
  const [gn, gnEn] = r.pick(givenNames);
  if (r.chance(0.6)) {
    const [city, cityEn] = r.pick(cities);
    const [b1, b1En] = r.pick(zhBrand);
    const [b2, b2En] = r.pick(zhBrand);
    const [trade, tradeEn] = r.pick(zhTrade);
    const brand = `${b1}${b2}`;
    const brandEn = `${b1En}${b2En.toLowerCase()}`;
    const withEnglish = r.chance(0.5);
    return {
      abbrName: withEnglish ? `${brand}${trade.slice(0, 2)} ${brandEn}` : `${brand}${trade}`,
      fullName: `${city}市${brand}${trade}${r.pick(zhSuffix)}` +
        (withEnglish ? ` ${cityEn} ${brandEn} ${tradeEn} Co., Ltd.` : ""),
      contact: `${sn}${gn} ${snEn} ${gnEn}`,
      domain: brandEn.toLowerCase(),
    };
  }
  const first = r.pick(enFirst);
  const trade = r.pick(enTrade);
  const place = r.chance(0.3) ? ` (${r.pick(cities)[1]})` : "";
  return {
    abbrName: `${first} ${trade}`,
    fullName: `${first} ${trade}${place} ${r.pick(enSuffix)}`,
    contact: r.chance(0.5) ? `${snEn} ${gnEn}` : `${sn}${gn}`,
    domain: `${first}${trade}`.toLowerCase(),
  };
}

export const categories = [
  [
    "覆铜板 Copper clad laminate",
    "FR-4、高频、高速板材 FR-4, high-frequency and high-speed laminates",
  ],
  ["半固化片 Prepreg", "1080、2116、7628 等 1080, 2116, 7628 and others"],
  ["铜箔 Copper foil", "电解铜箔、压延铜箔 ED and RA copper foil"],
  ["阻焊油墨 Solder mask ink", "感光阻焊、文字油墨 LPI solder mask and legend ink"],
  ["干膜 Dry film", "线路与电镀干膜 Imaging and plating dry film"],
  ["化学药水 Chemicals", "沉铜、电镀、蚀刻药水 Electroless copper, plating, etching"],
  ["钻针铣刀 Drills and routers", "钻针、铣刀、垫板 Drill bits, routers, entry boards"],
  ["表面处理 Surface finish", "沉金、沉锡、OSP ENIG, immersion tin, OSP"],
  ["包装材料 Packaging", "真空袋、纸箱、干燥剂 Vacuum bags, cartons, desiccant"],
  ["劳保用品 Safety supplies", "手套、口罩、防护服 Gloves, masks, protective wear"],
  ["钻孔设备 Drilling equipment", "机械钻孔、激光钻孔 Mechanical and laser drilling"],
  ["电镀设备 Plating lines", "垂直连续电镀线 VCP lines"],
  ["曝光设备 Exposure equipment", "LDI、平行光曝光机 LDI and collimated exposure"],
  ["检测设备 Inspection equipment", "AOI、飞针测试 AOI and flying probe"],
  ["环保设施 Environmental facilities", "废水处理、废气处理 Wastewater and exhaust treatment"],
  ["IT 设备 IT equipment", "服务器、网络设备 Servers and network"],
] as const;

export const materials = [
  ["CCL-FR4", "FR-4 覆铜板", "张 sheet", "Tg170, 1/1 oz, 1220×1020 mm"],
  ["CCL-HF", "高频覆铜板 High-frequency laminate", "张 sheet", "Dk 3.48, 0.508 mm"],
  ["PP-1080", "半固化片 Prepreg 1080", "卷 roll", "RC 65%"],
  ["PP-2116", "半固化片 Prepreg 2116", "卷 roll", "RC 54%"],
  ["CU-18", "电解铜箔 ED copper foil 18μm", "千克 kg", "HTE grade"],
  ["SM-G", "绿色阻焊油墨 Green solder mask", "千克 kg", "LPI, matte"],
  ["DF-40", "干膜 Dry film 40μm", "卷 roll", "610 mm × 150 m"],
  ["CH-ECU", "沉铜药水 Electroless copper bath", "升 L", "Make-up and replenisher"],
  ["DR-0.2", "钻针 Drill bit 0.20 mm", "支 pcs", "Undercut, 3.175 shank"],
  ["PK-VB", "真空包装袋 Vacuum bag", "个 pcs", "500×600 mm, anti-static"],
] as const;
export const equipment = [
  ["CO2 激光钻孔机 CO2 laser driller", "台 unit"],
  ["垂直连续电镀线 VCP plating line", "条 line"],
  ["LDI 激光直接成像机 LDI exposure", "台 unit"],
  ["AOI 自动光学检测机 AOI inspection", "台 unit"],
  ["飞针测试机 Flying probe tester", "台 unit"],
  ["废水处理系统 Wastewater treatment", "套 set"],
  ["数控钻孔机 CNC drilling machine", "台 unit"],
] as const;
export const factories = [
  "深圳一厂 Shenzhen 1",
  "惠州二厂 Huizhou 2",
  "江门三厂 Jiangmen 3",
] as const;

export const auditCalls = [
  ["GET", "QMO/OfferProjectManager", "GetAll", 200],
  ["GET", "QMO/OfferProjectManager", "GetSupplierOfferProjectManagerResult", 200],
  ["GET", "QMO/OfferProjectManager", "GetSupplierData", 200],
  ["POST", "QMO/OfferProjectManager", "CreateOfferProjectManagerData", 200],
  ["POST", "QMO/OfferProjectManager", "UpdateSupplierOfferProject", 200],
  ["GET", "QMO/Supplier", "GetAll", 200],
  ["GET", "QMO/SupplierOffer", "GetAll", 200],
  ["POST", "QMO/SupplierOffer", "Submit", 200],
  ["POST", "QMO/SupplierOffer", "Submit", 409],
  ["GET", "QMO/FileService", "GetFileStream", 200],
  ["POST", "app/TokenAuth", "Authenticate", 200],
  ["POST", "app/TokenAuth", "Authenticate", 401],
  ["GET", "app/User", "GetAll", 200],
  ["GET", "QMO/AuditLog", "GetAll", 200],
  ["POST", "QMO/OfferProjectManager", "CloseOfferProject", 400],
] as const;
export const browsers = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
] as const;
