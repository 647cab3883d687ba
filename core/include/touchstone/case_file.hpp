// touchstone — case files (JSON Lines), as docs/case-format.md describes them.
//
// One case per line, every number a C hex-float string so that a case is
// bit-exact:
//   {"primitive":"disks_overlap","precision":"float","args":["0x1.4p+4",...]}
// Input also accepts decimal strings and bare JSON numbers (rounded to the
// case's precision, ties to even, by strtod/strtof); output always writes hex.
// A hex string that a float case cannot hold exactly is an error, not a
// silent rounding. Optional fields: "id", "family", "expect"; unknown fields
// are ignored so that replay can read its own output.
//
// "args" is read and written through a field layout (FieldLayout below),
// derived from the table of touchstone/primitive.hpp: one position per field
// of a fixed-size operand, and one position holding a nested array of 2n
// numbers for a variable-size operand (a polygon of n vertices). Every
// operand of today's primitives is fixed-size, so every case file written so
// far reads as it always did.
#pragma once

#include <array>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "touchstone/geometry.hpp"

namespace touchstone {

enum class Precision : std::uint8_t { f32, f64 };

constexpr std::string_view to_string(Precision p) {
    return p == Precision::f32 ? "float" : "double";
}

/// One case of a case file. Float values are held exactly in doubles.
struct Case {
    Primitive primitive{Primitive::point_in_disk};
    Precision precision{Precision::f64};
    /// The arguments as the table lays them out, args[0 .. arity(primitive)):
    /// a fixed-size operand's fields in the order of their names; a polygon
    /// as its count n, its 2n coordinates x0 y0 x1 y1 ... and 0 in its unused
    /// capacity (primitive.hpp, Shape::polygon). The case file writes the
    /// polygon as one nested array of the 2n coordinates.
    std::array<double, max_fields> args{};
    /// The vertex count n of each variable-size operand, by operand index;
    /// 0 for a fixed-size operand. Set by parse_case_line; case_line reads
    /// the counts from args.
    std::array<int, max_operands> vertices{};
    std::string id;
    std::string family;
    std::string expect;
};

// ---------------------------------------------------------------------------
// Field layouts: how the values of "args" map to the operands.

/// One operand as "args" holds it. Fixed-size: `fields` numbers, each at its
/// own position of "args". Variable-size (fields == 0): one position holding
/// a nested array of 2n numbers [x0, y0, x1, y1, ...], with
/// min_vertices <= n <= max_vertices.
struct OperandLayout {
    int fields = 0;
    int min_vertices = 0;
    int max_vertices = 0;

    constexpr bool variable() const { return fields == 0; }
    /// Positions of "args" the operand takes.
    constexpr int positions() const { return variable() ? 1 : fields; }
    /// Numbers the operand holds when it has n vertices.
    constexpr int numbers(int n) const { return variable() ? 2 * n : fields; }
};

/// The layout of a shape of the table: its fields, or for the variable-size
/// polygon {0, min, max} vertices.
constexpr OperandLayout operand_layout(Shape s) {
    if (shape_variable(s)) return {0, min_polygon_vertices, max_polygon_vertices};
    return {shape_fields(s), 0, 0};
}

/// The operands of one primitive as "args" holds them, and the names of the
/// positions of "args" (one word per position: "px py cx cy r"; a
/// variable-size operand is one word, "poly").
struct FieldLayout {
    std::string_view primitive;   ///< the primitive's name, for messages
    std::string_view field_list;  ///< one name per position of "args"
    int operand_count = 0;
    std::array<OperandLayout, max_operands> operands{};

    /// Number of positions of "args".
    constexpr int positions() const {
        int n = 0;
        for (int k = 0; k < operand_count; ++k)
            n += operands[static_cast<std::size_t>(k)].positions();
        return n;
    }
    /// Whether every operand is fixed-size ("args" is a flat array).
    constexpr bool fixed() const {
        for (int k = 0; k < operand_count; ++k)
            if (operands[static_cast<std::size_t>(k)].variable()) return false;
        return true;
    }
    /// Name of position i ("?" when out of range).
    constexpr std::string_view name(int i) const {
        std::string_view s = field_list;
        for (int k = 0; !s.empty(); ++k) {
            const std::size_t sp = s.find(' ');
            if (k == i) return s.substr(0, sp);
            if (sp == std::string_view::npos) break;
            s.remove_prefix(sp + 1);
        }
        return "?";
    }
    /// Whether the names match the positions and the vertex ranges make sense.
    constexpr bool consistent() const {
        int words = field_list.empty() ? 0 : 1;
        for (char ch : field_list) words += ch == ' ';
        if (operand_count < 1 || operand_count > max_operands || words != positions()) return false;
        for (int k = 0; k < operand_count; ++k) {
            const OperandLayout& o = operands[static_cast<std::size_t>(k)];
            if (o.fields < 0 ||
                (o.variable() && (o.min_vertices < 1 || o.max_vertices < o.min_vertices)))
                return false;
        }
        return true;
    }
};

/// The layout of a primitive, from the table.
constexpr FieldLayout layout_of(Primitive p) {
    FieldLayout l{to_string(p), info(p).field_list, info(p).operand_count, {}};
    for (int k = 0; k < l.operand_count; ++k)
        l.operands[static_cast<std::size_t>(k)] =
            operand_layout(info(p).operands[static_cast<std::size_t>(k)]);
    return l;
}

/// The numbers of "args" under a layout: every number in order (a
/// variable-size operand's 2n coordinates inline) and the vertex count n of
/// each operand (0 for a fixed-size one).
struct ArgValues {
    std::vector<double> numbers;
    std::array<int, max_operands> vertices{};
};

/// How many numbers "args" holds under `layout` with these vertex counts.
constexpr int number_count(const FieldLayout& layout,
                           const std::array<int, max_operands>& vertices) {
    int n = 0;
    for (int k = 0; k < layout.operand_count; ++k) {
        const auto i = static_cast<std::size_t>(k);
        n += layout.operands[i].numbers(vertices[i]);
    }
    return n;
}

/// The argument names of a primitive in case-file order ("px", "c1x", ...;
/// inside a polygon "poly.n" for its count and "poly[5]" for the number at
/// index 5 of its array); these are the field names every error message
/// uses. From the table of touchstone/primitive.hpp.
inline std::string arg_name(Primitive p, int i) {
    std::string s(field_name(p, i));
    if (field_role(p, i) == Role::count) return s + ".n";
    const int e = field_element(p, i);
    return e >= 0 ? s + "[" + std::to_string(e) + "]" : s;
}

/// The numbers "args" holds (a polygon's 2n coordinates inline) and the
/// vertex counts, from a case's table-laid-out arguments. A count that is
/// not a valid vertex count writes no vertices' worth of array it cannot
/// hold: it is clamped to [min, max] (such a case is invalid input and has
/// no case line of its own; see docs/case-format.md).
inline ArgValues arg_values(Primitive p, const double* args) {
    ArgValues out;
    const FieldLayout layout = layout_of(p);
    for (int k = 0; k < layout.operand_count; ++k) {
        const int off = operand_offset(p, k);
        const OperandLayout& o = layout.operands[static_cast<std::size_t>(k)];
        if (!o.variable()) {
            for (int j = 0; j < o.fields; ++j) out.numbers.push_back(args[off + j]);
            continue;
        }
        int n = vertex_count_of(args[off]);
        n = n < o.min_vertices ? o.min_vertices : n > o.max_vertices ? o.max_vertices : n;
        out.vertices[static_cast<std::size_t>(k)] = n;
        for (int j = 0; j < 2 * n; ++j) out.numbers.push_back(args[off + 1 + j]);
    }
    return out;
}

/// The inverse of arg_values: table-laid-out arguments (max_fields of them,
/// the unused capacity 0) from the numbers of "args" and the vertex counts.
inline std::array<double, max_fields> table_args(Primitive p, const ArgValues& values) {
    std::array<double, max_fields> out{};
    const FieldLayout layout = layout_of(p);
    std::size_t at = 0;
    for (int k = 0; k < layout.operand_count; ++k) {
        const auto off = static_cast<std::size_t>(operand_offset(p, k));
        const OperandLayout& o = layout.operands[static_cast<std::size_t>(k)];
        if (!o.variable()) {
            for (int j = 0; j < o.fields; ++j)
                out[off + static_cast<std::size_t>(j)] = values.numbers[at++];
            continue;
        }
        const int n = values.vertices[static_cast<std::size_t>(k)];
        out[off] = n;
        for (int j = 0; j < 2 * n; ++j)
            out[off + 1 + static_cast<std::size_t>(j)] = values.numbers[at++];
    }
    return out;
}

/// "%a" of the exact value ("0x1.8p+3", "-0x0p+0", "inf", "nan").
inline std::string hex(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%a", v);
    return buf;
}
inline std::string hex(float v) { return hex(static_cast<double>(v)); }
/// Every value of a range as hex(), separated by spaces (failure messages).
template <class Range>
std::string hex_list(const Range& values) {
    std::string s;
    for (const auto& v : values) {
        if (!s.empty()) s += ' ';
        s += hex(v);
    }
    return s;
}

namespace detail {
inline void json_escape_into(std::string& out, std::string_view s) {
    for (char ch : s) {
        if (ch == '"' || ch == '\\') {
            out += '\\';
            out += ch;
        } else if (static_cast<unsigned char>(ch) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(ch));
            out += buf;
        } else {
            out += ch;
        }
    }
}
}  // namespace detail

/// A JSON string literal, quoted and escaped.
inline std::string json_string(std::string_view s) {
    std::string out = "\"";
    detail::json_escape_into(out, s);
    out += '"';
    return out;
}

/// "args" as JSON: [number, ..., [x0, y0, ...], ...], numbers as hex
/// strings. Precondition: values.numbers holds at least
/// number_count(layout, values.vertices) numbers.
inline std::string args_json(const FieldLayout& layout, const double* numbers,
                             const std::array<int, max_operands>& vertices) {
    std::string out = "[";
    std::size_t at = 0;
    for (int k = 0; k < layout.operand_count; ++k) {
        const OperandLayout& o = layout.operands[static_cast<std::size_t>(k)];
        const int n = o.numbers(vertices[static_cast<std::size_t>(k)]);
        if (k) out += ',';
        if (o.variable()) out += '[';
        for (int j = 0; j < n; ++j) {
            if (j) out += ',';
            out += json_string(hex(numbers[at++]));
        }
        if (o.variable()) out += ']';
    }
    out += ']';
    return out;
}
inline std::string args_json(const FieldLayout& layout, const ArgValues& values) {
    return args_json(layout, values.numbers.data(), values.vertices);
}

/// The case as one JSON line (no trailing newline), numbers as hex strings.
inline std::string case_line(const Case& c) {
    std::string out = "{";
    if (!c.id.empty()) out += "\"id\":" + json_string(c.id) + ",";
    out += "\"primitive\":" + json_string(to_string(c.primitive));
    out += ",\"precision\":" + json_string(to_string(c.precision));
    out += ",\"args\":" + args_json(layout_of(c.primitive), arg_values(c.primitive, c.args.data()));
    if (!c.family.empty()) out += ",\"family\":" + json_string(c.family);
    if (!c.expect.empty()) out += ",\"expect\":" + json_string(c.expect);
    out += '}';
    return out;
}

/// Convenience: a case line from typed arguments.
template <class T>
std::string case_line(Primitive p, const T* args, std::string_view family = {},
                      std::string_view id = {}) {
    Case c;
    c.primitive = p;
    c.precision = sizeof(T) == sizeof(float) ? Precision::f32 : Precision::f64;
    for (int i = 0; i < arity(p); ++i)
        c.args[static_cast<std::size_t>(i)] = static_cast<double>(args[i]);
    c.family = std::string(family);
    c.id = std::string(id);
    return case_line(c);
}

/// The shell command that replays one case line with the touchstone CLI.
inline std::string replay_command(const std::string& line,
                                  std::string_view exe = "build/audit/touchstone") {
    // Single-quote for POSIX shells; a case line never holds a quote except
    // inside "id"/"family", which we escape the shell way.
    std::string q;
    for (char ch : line) {
        if (ch == '\'')
            q += "'\\''";
        else
            q += ch;
    }
    return "echo '" + q + "' | " + std::string(exe) + " replay -";
}

// ---------------------------------------------------------------------------
// Parsing: a small strict JSON reader for one flat object per line.

namespace detail {

/// One item of "args" as read: a number's text, or a nested array's texts.
struct RawArg {
    bool array = false;
    std::vector<std::string> texts;
};

class LineReader {
public:
    explicit LineReader(std::string_view s) : s_(s) {}
    std::string error;

    void ws() {
        while (i_ < s_.size() &&
               (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\r' || s_[i_] == '\n'))
            ++i_;
    }
    bool eat(char ch) {
        ws();
        if (i_ < s_.size() && s_[i_] == ch) {
            ++i_;
            return true;
        }
        return false;
    }
    bool at_end() {
        ws();
        return i_ == s_.size();
    }
    char peek() {
        ws();
        return i_ < s_.size() ? s_[i_] : '\0';
    }
    bool string(std::string& out) {
        ws();
        if (i_ >= s_.size() || s_[i_] != '"') return fail("expected a string");
        ++i_;
        out.clear();
        while (i_ < s_.size() && s_[i_] != '"') {
            char ch = s_[i_++];
            if (ch == '\\') {
                if (i_ >= s_.size()) return fail("unterminated escape");
                char e = s_[i_++];
                switch (e) {
                    case '"':
                    case '\\':
                    case '/': out += e; break;
                    case 'n': out += '\n'; break;
                    case 't': out += '\t'; break;
                    case 'r': out += '\r'; break;
                    case 'b': out += '\b'; break;
                    case 'f': out += '\f'; break;
                    case 'u': {
                        if (i_ + 4 > s_.size()) return fail("bad \\u escape");
                        unsigned v = 0;
                        for (int k = 0; k < 4; ++k) {
                            char h = s_[i_++];
                            v <<= 4;
                            if (h >= '0' && h <= '9')
                                v |= unsigned(h - '0');
                            else if (h >= 'a' && h <= 'f')
                                v |= unsigned(h - 'a' + 10);
                            else if (h >= 'A' && h <= 'F')
                                v |= unsigned(h - 'A' + 10);
                            else
                                return fail("bad \\u escape");
                        }
                        out += v < 0x80 ? char(v) : '?';
                        break;
                    }
                    default: return fail("bad escape");
                }
            } else {
                out += ch;
            }
        }
        if (i_ >= s_.size()) return fail("unterminated string");
        ++i_;
        return true;
    }
    /// A bare JSON number or literal, returned as its text.
    bool bare(std::string& out) {
        ws();
        std::size_t j = i_;
        while (j < s_.size() && s_[j] != ',' && s_[j] != ']' && s_[j] != '}' && s_[j] != '[' &&
               s_[j] != ' ' && s_[j] != '\t')
            ++j;
        if (j == i_) return fail("expected a value");
        out.assign(s_.substr(i_, j - i_));
        i_ = j;
        return true;
    }
    /// Skips any JSON value (used for unknown fields).
    bool skip_value(int depth = 0) {
        if (depth > 32) return fail("nesting too deep");
        char ch = peek();
        std::string tmp;
        if (ch == '"') return string(tmp);
        if (ch == '{' || ch == '[') {
            const char close = ch == '{' ? '}' : ']';
            ++i_;
            if (eat(close)) return true;
            do {
                if (close == '}') {
                    if (!string(tmp) || !eat(':')) return fail("bad object");
                }
                if (!skip_value(depth + 1)) return false;
            } while (eat(','));
            return eat(close) ? true : fail("unterminated array or object");
        }
        return bare(tmp);
    }
    bool fail(const std::string& what) {
        if (error.empty()) error = what + " at column " + std::to_string(i_ + 1);
        return false;
    }
    /// The items of "args" as text: [v, v, [v, v, ...], ...], where v is a
    /// string or a bare number; arrays nest one level at most.
    bool args(std::vector<RawArg>& out) {
        out.clear();
        if (!eat('[')) return fail("expected an array");
        if (eat(']')) return true;
        do {
            RawArg item;
            if (eat('[')) {
                item.array = true;
                if (!eat(']')) {
                    do {
                        if (peek() == '[') return fail("arrays in args nest one level at most");
                        std::string v;
                        if (!(peek() == '"' ? string(v) : bare(v))) return false;
                        item.texts.push_back(std::move(v));
                    } while (eat(','));
                    if (!eat(']')) return fail("expected ']'");
                }
            } else {
                std::string v;
                if (!(peek() == '"' ? string(v) : bare(v))) return false;
                item.texts.push_back(std::move(v));
            }
            out.push_back(std::move(item));
        } while (eat(','));
        return eat(']') ? true : fail("expected ']'");
    }

private:
    std::string_view s_;
    std::size_t i_ = 0;
};

/// Parses one number given as text into the case's precision; false with a
/// reason when it is not a number or a hex value does not fit the precision.
inline bool parse_number(const std::string& text, Precision prec, double& out, std::string& why) {
    if (text.empty()) {
        why = "empty number";
        return false;
    }
    const char* begin = text.c_str();
    char* end = nullptr;
    const bool is_hex =
        text.find("0x") != std::string::npos || text.find("0X") != std::string::npos;
    errno = 0;
    if (prec == Precision::f32 && !is_hex) {
        const float f = std::strtof(begin, &end);  // decimal: rounded once, to float
        out = f;
    } else {
        out = std::strtod(begin, &end);
    }
    if (end != begin + text.size()) {
        why = "not a number: \"" + text + "\"";
        return false;
    }
    // ERANGE on underflow still returns the correctly rounded subnormal/zero;
    // overflow returns +-HUGE_VAL (Inf), which is kept: it is invalid input
    // for the primitives, reported later by name, not a parse error.
    if (prec == Precision::f32 && is_hex && std::isfinite(out) &&
        static_cast<double>(static_cast<float>(out)) != out) {
        why = "\"" + text + "\" is not exactly representable as a float";
        return false;
    }
    return true;
}

/// Binds the items of "args" to a layout: checks the number of positions,
/// the kind of each (a number, or a nested array of 2n numbers in range), and
/// parses every number into the case's precision. Errors name the position
/// and its field: "field args[2] (poly): expected 2n numbers, 3 <= n <= 16,
/// got 5", "field args[2][4] (poly): not a number: \"x\"".
inline bool bind_args(const std::vector<RawArg>& raw, const FieldLayout& layout, Precision prec,
                      ArgValues& out, std::string& error) {
    out = ArgValues{};
    const int want = layout.positions();
    if (static_cast<int>(raw.size()) != want) {
        error = "field args: " + std::string(layout.primitive) + " takes " + std::to_string(want) +
                (layout.fixed() ? " numbers" : " values (" + std::string(layout.field_list) + ")") +
                ", got " + std::to_string(raw.size());
        return false;
    }
    int pos = 0;
    for (int k = 0; k < layout.operand_count; ++k) {
        const OperandLayout& o = layout.operands[static_cast<std::size_t>(k)];
        for (int f = 0; f < o.positions(); ++f, ++pos) {
            const RawArg& item = raw[static_cast<std::size_t>(pos)];
            const std::string where = "field args[" + std::to_string(pos) + "]";
            const std::string name = " (" + std::string(layout.name(pos)) + "): ";
            if (!o.variable() && item.array) {
                error = where + name + "expected a number, got an array";
                return false;
            }
            const std::string range =
                std::to_string(o.min_vertices) + " <= n <= " + std::to_string(o.max_vertices);
            if (o.variable() && !item.array) {
                error = where + name + "expected an array of 2n numbers, " + range;
                return false;
            }
            const std::size_t count = item.texts.size();
            if (o.variable()) {
                const std::size_t n = count / 2;
                if (count % 2 != 0 || n < static_cast<std::size_t>(o.min_vertices) ||
                    n > static_cast<std::size_t>(o.max_vertices)) {
                    error = where + name + "expected 2n numbers, " + range + ", got " +
                            std::to_string(count);
                    return false;
                }
                out.vertices[static_cast<std::size_t>(k)] = static_cast<int>(n);
            }
            for (std::size_t j = 0; j < count; ++j) {
                double v = 0;
                std::string why;
                if (!parse_number(item.texts[j], prec, v, why)) {
                    error = where + (o.variable() ? "[" + std::to_string(j) + "]" : std::string()) +
                            name + why;
                    return false;
                }
                out.numbers.push_back(v);
            }
        }
    }
    return true;
}

}  // namespace detail

/// Parses a JSON array as the "args" of `layout` (a case line's "args" value
/// on its own: "[\"0x1p+0\", [1, 2, 3, 4, 5, 6], 0.5]"). On error returns false
/// and sets `error` to the message parse_case_line would give.
inline bool parse_args(std::string_view json, const FieldLayout& layout, Precision prec,
                       ArgValues& out, std::string& error) {
    detail::LineReader r(json);
    std::vector<detail::RawArg> raw;
    if (!r.args(raw)) {
        error = "field args: " + r.error;
        return false;
    }
    if (!r.at_end()) {
        error = "field args: trailing characters after the array";
        return false;
    }
    return detail::bind_args(raw, layout, prec, out, error);
}

/// Parses one case line. On error returns false and sets `error` to a message
/// that names the field ("field args[3] (bx): ...", "field primitive: ...").
inline bool parse_case_line(std::string_view line, Case& out, std::string& error) {
    detail::LineReader r(line);
    out = Case{};
    bool have_primitive = false, have_args = false;
    std::string prec_text = "double";
    std::string primitive_text;
    std::vector<detail::RawArg> raw;
    if (!r.eat('{')) {
        error = "line is not a JSON object";
        return false;
    }
    if (!r.eat('}')) {
        do {
            std::string key;
            if (!r.string(key) || !r.eat(':')) {
                error = r.error.empty() ? "expected \"key\":" : r.error;
                return false;
            }
            bool ok = true;
            if (key == "primitive") {
                ok = r.string(primitive_text);
                have_primitive = ok;
            } else if (key == "precision") {
                ok = r.string(prec_text);
            } else if (key == "id" || key == "family" || key == "expect") {
                std::string v;
                if (r.peek() == '"')
                    ok = r.string(v);
                else
                    ok = r.skip_value();
                if (key == "id")
                    out.id = v;
                else if (key == "family")
                    out.family = v;
                else
                    out.expect = v;
            } else if (key == "args") {
                if (r.peek() != '[') {
                    error = "field args: expected an array";
                    return false;
                }
                ok = r.args(raw);
                have_args = ok;
            } else {
                ok = r.skip_value();
            }
            if (!ok) {
                error = "field " + key + ": " + r.error;
                return false;
            }
        } while (r.eat(','));
        if (!r.eat('}')) {
            error = r.error.empty() ? "expected ',' or '}'" : r.error;
            return false;
        }
    }
    if (!r.at_end()) {
        error = "trailing characters after the object";
        return false;
    }
    if (!have_primitive) {
        error = "field primitive: missing";
        return false;
    }
    if (!parse_primitive(primitive_text, out.primitive)) {
        error = "field primitive: unknown primitive \"" + primitive_text + "\"";
        return false;
    }
    if (prec_text == "double" || prec_text == "f64")
        out.precision = Precision::f64;
    else if (prec_text == "float" || prec_text == "f32")
        out.precision = Precision::f32;
    else {
        error = "field precision: \"" + prec_text + "\" is neither \"float\" nor \"double\"";
        return false;
    }
    if (!have_args) {
        error = "field args: missing";
        return false;
    }
    ArgValues values;
    if (!detail::bind_args(raw, layout_of(out.primitive), out.precision, values, error))
        return false;
    out.args = table_args(out.primitive, values);
    out.vertices = values.vertices;
    return true;
}

}  // namespace touchstone
