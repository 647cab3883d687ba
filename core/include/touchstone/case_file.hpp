// touchstone — the case-file format of DESIGN.md ("Case files (JSON Lines)").
//
// One case per line, every number a C hex-float string so that a case is
// bit-exact:
//   {"primitive":"disks_overlap","precision":"float","args":["0x1.4p+4",...]}
// Input also accepts decimal strings and bare JSON numbers (rounded to the
// case's precision, ties to even, by strtod/strtof); output always writes hex.
// A hex string that a float case cannot hold exactly is an error, not a
// silent rounding. Optional fields: "id", "family", "expect"; unknown fields
// are ignored so that replay can read its own output.
#pragma once

#include <array>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "touchstone/geometry.hpp"

namespace touchstone {

enum class Precision : std::uint8_t { f32, f64 };

constexpr std::string_view to_string(Precision p) { return p == Precision::f32 ? "float" : "double"; }

/// One case of a case file. Float values are held exactly in doubles.
struct Case {
    Primitive primitive{Primitive::point_in_disk};
    Precision precision{Precision::f64};
    std::array<double, 8> args{};
    std::string id;
    std::string family;
    std::string expect;
};

/// The argument names of a primitive in case-file order ("px", "c1x", ...);
/// these are the field names every error message uses. From the table of
/// touchstone/primitive.hpp.
inline std::string arg_name(Primitive p, int i) { return std::string(field_name(p, i)); }

/// "%a" of the exact value ("0x1.8p+3", "-0x0p+0", "inf", "nan").
inline std::string hex(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%a", v);
    return buf;
}
inline std::string hex(float v) { return hex(static_cast<double>(v)); }

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

/// The case as one JSON line (no trailing newline), numbers as hex strings.
inline std::string case_line(const Case& c) {
    std::string out = "{";
    if (!c.id.empty()) out += "\"id\":" + json_string(c.id) + ",";
    out += "\"primitive\":" + json_string(to_string(c.primitive));
    out += ",\"precision\":" + json_string(to_string(c.precision));
    out += ",\"args\":[";
    for (int i = 0; i < arity(c.primitive); ++i) {
        if (i) out += ',';
        out += json_string(hex(c.args[static_cast<std::size_t>(i)]));
    }
    out += ']';
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
    for (int i = 0; i < arity(p); ++i) c.args[static_cast<std::size_t>(i)] = static_cast<double>(args[i]);
    c.family = std::string(family);
    c.id = std::string(id);
    return case_line(c);
}

/// The shell command that replays one case line with the touchstone CLI.
inline std::string replay_command(const std::string& line, std::string_view exe = "build/audit/touchstone") {
    // Single-quote for POSIX shells; a case line never holds a quote except
    // inside "id"/"family", which we escape the shell way.
    std::string q;
    for (char ch : line) {
        if (ch == '\'') q += "'\\''";
        else q += ch;
    }
    return "echo '" + q + "' | " + std::string(exe) + " replay -";
}

// ---------------------------------------------------------------------------
// Parsing: a small strict JSON reader for one flat object per line.

namespace detail {

class LineReader {
public:
    explicit LineReader(std::string_view s) : s_(s) {}
    std::string error;

    void ws() {
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\r' || s_[i_] == '\n')) ++i_;
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
                    case '"': case '\\': case '/': out += e; break;
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
                            if (h >= '0' && h <= '9') v |= unsigned(h - '0');
                            else if (h >= 'a' && h <= 'f') v |= unsigned(h - 'a' + 10);
                            else if (h >= 'A' && h <= 'F') v |= unsigned(h - 'A' + 10);
                            else return fail("bad \\u escape");
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
        while (j < s_.size() && s_[j] != ',' && s_[j] != ']' && s_[j] != '}' && s_[j] != ' ' &&
               s_[j] != '\t')
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
    const bool is_hex = text.find("0x") != std::string::npos || text.find("0X") != std::string::npos;
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

}  // namespace detail

/// Parses one case line. On error returns false and sets `error` to a message
/// that names the field ("args[3] (bx)", "primitive", ...).
inline bool parse_case_line(std::string_view line, Case& out, std::string& error) {
    detail::LineReader r(line);
    out = Case{};
    bool have_primitive = false, have_args = false;
    std::string prec_text = "double";
    std::string primitive_text;
    std::array<std::string, 8> arg_text{};
    int nargs = 0;
    bool args_too_many = false;
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
                if (r.peek() == '"') ok = r.string(v);
                else ok = r.skip_value();
                if (key == "id") out.id = v;
                else if (key == "family") out.family = v;
                else out.expect = v;
            } else if (key == "args") {
                if (!r.eat('[')) {
                    error = "field args: expected an array";
                    return false;
                }
                have_args = true;
                if (!r.eat(']')) {
                    do {
                        std::string v;
                        ok = r.peek() == '"' ? r.string(v) : r.bare(v);
                        if (!ok) break;
                        if (nargs < 8) arg_text[static_cast<std::size_t>(nargs)] = v;
                        else args_too_many = true;
                        ++nargs;
                    } while (r.eat(','));
                    if (ok && !r.eat(']')) ok = r.fail("field args: expected ']'");
                }
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
    if (prec_text == "double" || prec_text == "f64") out.precision = Precision::f64;
    else if (prec_text == "float" || prec_text == "f32") out.precision = Precision::f32;
    else {
        error = "field precision: \"" + prec_text + "\" is neither \"float\" nor \"double\"";
        return false;
    }
    if (!have_args) {
        error = "field args: missing";
        return false;
    }
    const int want = arity(out.primitive);
    if (nargs != want || args_too_many) {
        error = "field args: " + std::string(to_string(out.primitive)) + " takes " +
                std::to_string(want) + " numbers, got " + std::to_string(nargs);
        return false;
    }
    for (int i = 0; i < want; ++i) {
        std::string why;
        if (!detail::parse_number(arg_text[static_cast<std::size_t>(i)], out.precision,
                                  out.args[static_cast<std::size_t>(i)], why)) {
            error = "field args[" + std::to_string(i) + "] (" + arg_name(out.primitive, i) + "): " + why;
            return false;
        }
    }
    return true;
}

}  // namespace touchstone
