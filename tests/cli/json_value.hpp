// A small JSON reader and a JSON Schema checker (the subset report.schema.json
// uses: type, const, enum, required, properties, additionalProperties, items,
// minItems, maxItems, minimum, oneOf, $ref to #/$defs/...). Test-only.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace touchstone::test {

struct Json {
    enum Type { null, boolean, number, string, array, object } type = null;
    bool b = false;
    double n = 0;
    bool integral = false;
    std::string s;
    std::vector<Json> a;
    std::map<std::string, Json> o;
};

class JsonReader {
public:
    explicit JsonReader(const std::string& text) : t_(text) {}
    bool parse(Json& out, std::string& err) {
        if (!value(out, 0)) {
            err = err_ + " at offset " + std::to_string(i_);
            return false;
        }
        ws();
        if (i_ != t_.size()) {
            err = "trailing data at offset " + std::to_string(i_);
            return false;
        }
        return true;
    }

private:
    std::string t_;
    std::size_t i_ = 0;
    std::string err_;
    void ws() {
        while (i_ < t_.size() &&
               (t_[i_] == ' ' || t_[i_] == '\n' || t_[i_] == '\t' || t_[i_] == '\r'))
            ++i_;
    }
    bool fail(const char* m) {
        err_ = m;
        return false;
    }
    bool str(std::string& out) {
        if (t_[i_] != '"') return fail("expected string");
        ++i_;
        while (i_ < t_.size() && t_[i_] != '"') {
            if (t_[i_] == '\\') {
                ++i_;
                if (i_ >= t_.size()) return fail("bad escape");
                const char e = t_[i_];
                if (e == 'u') {
                    i_ += 4;
                    out += '?';
                } else {
                    out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
                }
                ++i_;
            } else {
                out += t_[i_++];
            }
        }
        if (i_ >= t_.size()) return fail("unterminated string");
        ++i_;
        return true;
    }
    bool value(Json& v, int depth) {
        if (depth > 64) return fail("too deep");
        ws();
        if (i_ >= t_.size()) return fail("unexpected end");
        const char c = t_[i_];
        if (c == '{') {
            v.type = Json::object;
            ++i_;
            ws();
            if (i_ < t_.size() && t_[i_] == '}') return ++i_, true;
            for (;;) {
                ws();
                std::string k;
                if (i_ >= t_.size() || !str(k)) return fail("expected key");
                ws();
                if (i_ >= t_.size() || t_[i_++] != ':') return fail("expected ':'");
                if (!value(v.o[k], depth + 1)) return false;
                ws();
                if (i_ < t_.size() && t_[i_] == ',') {
                    ++i_;
                    continue;
                }
                if (i_ < t_.size() && t_[i_] == '}') return ++i_, true;
                return fail("expected ',' or '}'");
            }
        }
        if (c == '[') {
            v.type = Json::array;
            ++i_;
            ws();
            if (i_ < t_.size() && t_[i_] == ']') return ++i_, true;
            for (;;) {
                v.a.emplace_back();
                if (!value(v.a.back(), depth + 1)) return false;
                ws();
                if (i_ < t_.size() && t_[i_] == ',') {
                    ++i_;
                    continue;
                }
                if (i_ < t_.size() && t_[i_] == ']') return ++i_, true;
                return fail("expected ',' or ']'");
            }
        }
        if (c == '"') {
            v.type = Json::string;
            return str(v.s);
        }
        if (t_.compare(i_, 4, "true") == 0)
            return v.type = Json::boolean, v.b = true, i_ += 4, true;
        if (t_.compare(i_, 5, "false") == 0) return v.type = Json::boolean, i_ += 5, true;
        if (t_.compare(i_, 4, "null") == 0) return v.type = Json::null, i_ += 4, true;
        const char* start = t_.c_str() + i_;
        char* end = nullptr;
        v.n = std::strtod(start, &end);
        if (end == start) return fail("bad value");
        const std::string lit(start, static_cast<std::size_t>(end - start));
        v.integral = lit.find_first_of(".eE") == std::string::npos;
        v.type = Json::number;
        i_ += static_cast<std::size_t>(end - start);
        return true;
    }
};

/// Checks `v` against `schema`; appends one message per violation, each with
/// the JSON path of the offending value.
class SchemaChecker {
public:
    explicit SchemaChecker(const Json& root) : root_(root) {}
    std::vector<std::string> errors;

    bool check(const Json& v, const Json& schema, const std::string& path) {
        const std::size_t before = errors.size();
        run(v, schema, path);
        return errors.size() == before;
    }

private:
    const Json& root_;

    static bool equal(const Json& a, const Json& b) {
        if (a.type != b.type) return false;
        switch (a.type) {
            case Json::null: return true;
            case Json::boolean: return a.b == b.b;
            case Json::number: return a.n == b.n;
            case Json::string: return a.s == b.s;
            default: return false;  // not needed by the schema
        }
    }
    static bool has_type(const Json& v, const std::string& t) {
        if (t == "integer") return v.type == Json::number && v.integral;
        if (t == "number") return v.type == Json::number;
        if (t == "string") return v.type == Json::string;
        if (t == "boolean") return v.type == Json::boolean;
        if (t == "object") return v.type == Json::object;
        if (t == "array") return v.type == Json::array;
        if (t == "null") return v.type == Json::null;
        return false;
    }
    void run(const Json& v, const Json& s, const std::string& path) {
        auto it = s.o.find("$ref");
        if (it != s.o.end()) {
            const std::string ref = it->second.s;
            const std::string prefix = "#/$defs/";
            if (ref.rfind(prefix, 0) != 0) {
                errors.push_back(path + ": unsupported $ref " + ref);
                return;
            }
            const Json& defs = root_.o.at("$defs");
            run(v, defs.o.at(ref.substr(prefix.size())), path);
            return;
        }
        if ((it = s.o.find("type")) != s.o.end() && !has_type(v, it->second.s))
            return errors.push_back(path + ": not of type " + it->second.s);
        if ((it = s.o.find("const")) != s.o.end() && !equal(v, it->second))
            errors.push_back(path + ": not the constant");
        if ((it = s.o.find("enum")) != s.o.end()) {
            bool found = false;
            for (const Json& e : it->second.a) found |= equal(v, e);
            if (!found) errors.push_back(path + ": \"" + v.s + "\" not in enum");
        }
        if ((it = s.o.find("minimum")) != s.o.end() && v.type == Json::number && v.n < it->second.n)
            errors.push_back(path + ": below minimum");
        if ((it = s.o.find("oneOf")) != s.o.end()) {
            int matches = 0;
            for (const Json& alt : it->second.a) {
                SchemaChecker sub(root_);
                if (sub.check(v, alt, path)) ++matches;
            }
            if (matches != 1)
                errors.push_back(path + ": matches " + std::to_string(matches) + " oneOf branches");
        }
        if (v.type == Json::object) {
            if ((it = s.o.find("required")) != s.o.end())
                for (const Json& k : it->second.a)
                    if (!v.o.count(k.s)) errors.push_back(path + ": missing " + k.s);
            const auto props = s.o.find("properties");
            for (const auto& [k, child] : v.o) {
                if (props != s.o.end() && props->second.o.count(k)) {
                    run(child, props->second.o.at(k), path + "." + k);
                } else if ((it = s.o.find("additionalProperties")) != s.o.end() &&
                           it->second.type == Json::boolean && !it->second.b) {
                    errors.push_back(path + ": unexpected property " + k);
                }
            }
        }
        if (v.type == Json::array) {
            if ((it = s.o.find("minItems")) != s.o.end() && v.a.size() < it->second.n)
                errors.push_back(path + ": too few items");
            if ((it = s.o.find("maxItems")) != s.o.end() && v.a.size() > it->second.n)
                errors.push_back(path + ": too many items");
            if ((it = s.o.find("items")) != s.o.end())
                for (std::size_t i = 0; i < v.a.size(); ++i)
                    run(v.a[i], it->second, path + "[" + std::to_string(i) + "]");
        }
    }
};

/// The whole file as text ("" when it cannot be read).
inline std::string read_text(const std::filesystem::path& p) {
    std::ifstream f(p);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

/// The file parsed as JSON; a parse failure is a test failure naming the file.
inline Json parse_json_file(const std::filesystem::path& p) {
    Json j;
    std::string err;
    JsonReader r(read_text(p));
    EXPECT_TRUE(r.parse(j, err)) << p << ": " << err;
    return j;
}

}  // namespace touchstone::test
