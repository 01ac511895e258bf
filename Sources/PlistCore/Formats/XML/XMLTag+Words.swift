/// The common spellings of tags as words of eight bytes (the first byte lowest), so that a
/// tag is told or checked with a load or two and a compare instead of a scan of its name.
/// XMLTagTests checks each constant against the spelling it stands for.
extension XMLTag {
  /// The open tags of a typical document, `<key>` to `<false/>` without attributes, from
  /// the eight bytes at their start and the byte after those: the tag, whether it closes
  /// itself, and its length; nil for anything else, which the full scan reads.
  @inline(__always)
  static func commonOpenTag(_ word: UInt64, then next: UInt8)
    -> (tag: XMLTag, selfClosing: Bool, length: Int)?
  {
    if word & 0xFF_FFFF_FFFF == 0x3E_79_65_6B_3C { return (.key, false, 5) }  // <key>
    if word == 0x3E_67_6E_69_72_74_73_3C { return (.string, false, 8) }  // <string>
    if word == 0x72_65_67_65_74_6E_69_3C {  // <integer
      return next == UInt8(ascii: ">") ? (.integer, false, 9) : nil
    }
    switch word & 0xFFFF_FFFF_FFFF {
    case 0x3E_6C_61_65_72_3C: return (.real, false, 6)  // <real>
    case 0x3E_65_74_61_64_3C: return (.date, false, 6)  // <date>
    case 0x3E_61_74_61_64_3C: return (.data, false, 6)  // <data>
    case 0x3E_74_63_69_64_3C: return (.dict, false, 6)  // <dict>
    default: break
    }
    switch word & 0xFF_FFFF_FFFF_FFFF {
    case 0x3E_79_61_72_72_61_3C: return (.array, false, 7)  // <array>
    case 0x3E_2F_65_75_72_74_3C: return (.true, true, 7)  // <true/>
    default: break
    }
    if word == 0x3E_2F_65_73_6C_61_66_3C { return (.false, true, 8) }  // <false/>
    return nil
  }

  /// `</name>` as two words and the masks of their bytes that it fills (`</integer>` is ten
  /// bytes; the longest), and its length.
  var closingSpelling: (low: UInt64, lowMask: UInt64, high: UInt64, highMask: UInt64, length: Int) {
    switch self {
    case .key: return (0x3E_79_65_6B_2F_3C, 0xFFFF_FFFF_FFFF, 0, 0, 6)
    case .string: return (0x67_6E_69_72_74_73_2F_3C, ~0, 0x3E, 0xFF, 9)
    case .integer: return (0x65_67_65_74_6E_69_2F_3C, ~0, 0x3E_72, 0xFFFF, 10)
    case .real: return (0x3E_6C_61_65_72_2F_3C, 0xFF_FFFF_FFFF_FFFF, 0, 0, 7)
    case .date: return (0x3E_65_74_61_64_2F_3C, 0xFF_FFFF_FFFF_FFFF, 0, 0, 7)
    case .data: return (0x3E_61_74_61_64_2F_3C, 0xFF_FFFF_FFFF_FFFF, 0, 0, 7)
    case .dict: return (0x3E_74_63_69_64_2F_3C, 0xFF_FFFF_FFFF_FFFF, 0, 0, 7)
    case .true: return (0x3E_65_75_72_74_2F_3C, 0xFF_FFFF_FFFF_FFFF, 0, 0, 7)
    case .array: return (0x3E_79_61_72_72_61_2F_3C, ~0, 0, 0, 8)
    case .plist: return (0x3E_74_73_69_6C_70_2F_3C, ~0, 0, 0, 8)
    case .false: return (0x3E_65_73_6C_61_66_2F_3C, ~0, 0, 0, 8)
    }
  }
}
