// collide2d - 2D collision detection for games. MIT License.
// Tiled JSON maps (.tmj) and tilesets (.tsj), read with nlohmann-json; external tilesets.
#include <nlohmann/json.hpp>

#include <fstream>

#include "io/tiled_internal.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

using namespace tiled_detail;
using Json = nlohmann::json;

namespace {

Json parse_json(std::string_view text, const std::string& file) {
  try {
    return Json::parse(text.begin(), text.end());
  } catch (const Json::parse_error& e) {
    fail(file, "byte " + std::to_string(e.byte), std::string("malformed JSON: ") + e.what());
  }
}

std::int64_t get_int(const Json& obj, const char* key, const std::string& file, const std::string& where,
                     std::int64_t lo, std::int64_t hi, std::optional<std::int64_t> fallback = std::nullopt) {
  const auto it = obj.find(key);
  if (it == obj.end()) {
    if (fallback) return *fallback;
    fail(file, where, std::string("missing field '") + key + "'");
  }
  if (!it->is_number_integer())
    fail(file, where, std::string("field '") + key + "' must be an integer");
  const std::int64_t v = it->is_number_unsigned() && it->get<std::uint64_t>() > std::uint64_t(hi)
                             ? hi + 1
                             : it->get<std::int64_t>();
  if (v < lo || v > hi)
    fail(file, where, std::string("field '") + key + "' = " + std::to_string(v) + " is out of range [" +
                          std::to_string(lo) + ", " + std::to_string(hi) + "]");
  return v;
}

double get_number(const Json& obj, const char* key, const std::string& file, const std::string& where, double fallback) {
  const auto it = obj.find(key);
  if (it == obj.end()) return fallback;
  if (!it->is_number()) fail(file, where, std::string("field '") + key + "' must be a number");
  const double v = it->get<double>();
  if (!std::isfinite(v)) fail(file, where, std::string("field '") + key + "' must be finite");
  return v;
}

std::string get_string(const Json& obj, const char* key, const std::string& fallback = "") {
  const auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : fallback;
}

std::string value_text(const Json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  return v.dump();
}

void read_properties(const Json& obj, std::map<std::string, std::string>& out) {
  const auto it = obj.find("properties");
  if (it == obj.end()) return;
  if (it->is_array()) {
    for (const Json& p : *it)
      if (p.is_object() && p.contains("name") && p.contains("value")) out[get_string(p, "name")] = value_text(p["value"]);
  } else if (it->is_object()) {  // the old format: {"name": value}
    for (auto kv = it->begin(); kv != it->end(); ++kv) out[kv.key()] = value_text(kv.value());
  }
}

void read_tileset_json(const Json& ts, TiledTileset& out, const std::string& file, const std::string& where,
                       int map_tw, int map_th) {
  if (!ts.is_object()) fail(file, where, "a tileset must be an object");
  out.name = get_string(ts, "name");
  const int tw = int(get_int(ts, "tilewidth", file, where, 1, 1 << 20, map_tw));
  const int th = int(get_int(ts, "tileheight", file, where, 1, 1 << 20, map_th));
  out.tile_count = int(get_int(ts, "tilecount", file, where, 0, 1 << 28, 0));
  if (out.tile_count == 0)
    out.tile_count = image_tile_count(int(get_int(ts, "imagewidth", file, where, 0, 1 << 24, 0)),
                                      int(get_int(ts, "imageheight", file, where, 0, 1 << 24, 0)), tw, th,
                                      int(get_int(ts, "margin", file, where, 0, 1 << 20, 0)),
                                      int(get_int(ts, "spacing", file, where, 0, 1 << 20, 0)));
  const auto tiles = ts.find("tiles");
  if (tiles != ts.end() && tiles->is_array())
    for (const Json& t : *tiles) {
      if (!t.is_object()) fail(file, where, "tiles[] entries must be objects");
      const int id = int(get_int(t, "id", file, where + " tile", 0, 1 << 28));
      std::map<std::string, std::string> props;
      read_properties(t, props);
      if (!props.empty()) out.properties[id] = std::move(props);
    }
}

/// One object of an object layer (`layer`: the layer's name; `where`: its description).
TiledObject read_object(const Json& o, const std::string& layer, const std::string& file, const std::string& where) {
  TiledObject obj;
  obj.id = int(get_int(o, "id", file, where, 0, 1LL << 31, 0));
  const std::string ow = "object " + std::to_string(obj.id) + " in " + where;
  obj.name = get_string(o, "name");
  obj.type = get_string(o, "type", get_string(o, "class"));
  obj.layer = layer;
  obj.position = {Real(get_number(o, "x", file, ow, 0)), Real(get_number(o, "y", file, ow, 0))};
  obj.size = {Real(get_number(o, "width", file, ow, 0)), Real(get_number(o, "height", file, ow, 0))};
  obj.rotation = Real(get_number(o, "rotation", file, ow, 0));
  if (obj.size.x < 0 || obj.size.y < 0) fail(file, ow, "negative width or height");
  if (o.value("ellipse", false)) {
    obj.kind = TiledObject::Kind::ellipse;
  } else if (o.value("point", false)) {
    obj.kind = TiledObject::Kind::point;
  } else if (o.contains("polygon") || o.contains("polyline")) {
    const bool polygon = o.contains("polygon");
    obj.kind = polygon ? TiledObject::Kind::polygon : TiledObject::Kind::polyline;
    const Json& pts = o[polygon ? "polygon" : "polyline"];
    if (!pts.is_array()) fail(file, ow, "polygon points must be an array");
    const double a = double(obj.rotation) * 3.14159265358979323846 / 180.0;
    for (const Json& p : pts) {
      if (!p.is_object()) fail(file, ow, "a polygon point must be {x, y}");
      const double x = get_number(p, "x", file, ow, 0), y = get_number(p, "y", file, ow, 0);
      obj.points.push_back(obj.position + Vec2{Real(x * std::cos(a) - y * std::sin(a)),
                                               Real(x * std::sin(a) + y * std::cos(a))});
    }
  } else if (o.contains("gid")) {
    obj.kind = TiledObject::Kind::tile;
  } else {
    obj.kind = TiledObject::Kind::rectangle;
  }
  return obj;
}

/// One tile layer: its size, visibility and gids (csv, or base64 with optional compression).
TiledLayer read_tile_layer(const Json& lay, const TiledMap& map, const std::string& name, const std::string& where) {
  const std::string& file = map.path;
  TiledLayer layer;
  layer.name = name;
  layer.width = int(get_int(lay, "width", file, where, 1, 1 << 24, map.width));
  layer.height = int(get_int(lay, "height", file, where, 1, 1 << 24, map.height));
  if (std::int64_t(layer.width) * layer.height > kMaxCells) fail(file, where, "too many tiles");
  const auto vis = lay.find("visible");
  layer.visible = vis == lay.end() || !vis->is_boolean() || vis->get<bool>();
  if (lay.contains("chunks")) fail(file, where, "chunked (infinite) layer data is not supported");
  const std::size_t count = std::size_t(layer.width) * std::size_t(layer.height);
  const std::string enc = get_string(lay, "encoding", "csv");
  const auto data = lay.find("data");
  if (data == lay.end()) fail(file, where, "missing field 'data'");
  if (enc == "csv") {
    if (!data->is_array()) fail(file, where + " data", "must be an array of gids");
    if (data->size() != count)
      fail(file, where + " data", "layer data has " + std::to_string(data->size()) + " tiles, expected " +
                                      std::to_string(count));
    layer.gids.reserve(count);
    for (const Json& g : *data) {
      if (!g.is_number_unsigned() && !(g.is_number_integer() && g.get<std::int64_t>() >= 0))
        fail(file, where + " data", "a gid must be an integer >= 0");
      const std::uint64_t v = g.get<std::uint64_t>();
      if (v > 0xFFFFFFFFull) fail(file, where + " data", "a gid is above 2^32 - 1");
      layer.gids.push_back(std::uint32_t(v));
    }
  } else {
    if (!data->is_string()) fail(file, where + " data", "base64 data must be a string");
    const std::string& payload = data->get_ref<const std::string&>();
    layer.gids = decode_layer(enc, get_string(lay, "compression"), payload, count, file, where + " data");
  }
  return layer;
}

void read_layers(const Json& layers, TiledMap& map, const TiledLoadOptions& options, const std::string& where_parent) {
  const std::string& file = map.path;
  if (!layers.is_array()) fail(file, where_parent, "'layers' must be an array");
  for (const Json& lay : layers) {
    if (!lay.is_object()) fail(file, where_parent, "a layer must be an object");
    const std::string type = get_string(lay, "type");
    const std::string name = get_string(lay, "name");
    const std::string where = "layer '" + name + "'";
    if (type == "group") {
      const auto sub = lay.find("layers");
      if (sub != lay.end()) read_layers(*sub, map, options, where);
    } else if (type == "objectgroup") {
      if (!options.load_objects) continue;
      const auto objs = lay.find("objects");
      if (objs == lay.end()) continue;
      if (!objs->is_array()) fail(file, where, "'objects' must be an array");
      for (const Json& o : *objs) {
        if (!o.is_object()) fail(file, where, "an object must be an object");
        map.objects.push_back(read_object(o, name, file, where));
      }
    } else if (type == "tilelayer") {
      map.layers.push_back(read_tile_layer(lay, map, name, where));
    }
  }
}

}  // namespace

namespace tiled_detail {

void load_external_tileset(TiledTileset& ts, const std::string& map_path, int tile_w, int tile_h) {
  const std::string full = resolve_path(map_path, ts.source);
  std::ifstream probe(full, std::ios::binary);
  if (!probe) {  // finish_map decides whether that is an error (TiledLoadOptions::require_tilesets)
    ts.missing = true;
    ts.missing_path = full;
    return;
  }
  probe.close();
  const std::string text = read_file(full, "tileset");
  std::size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  if (i < text.size() && text[i] == '{') {
    const Json j = parse_json(text, full);
    read_tileset_json(j, ts, full, "tileset", tile_w, tile_h);
  } else {
    load_tsx(ts, full, tile_w, tile_h);
  }
}

}  // namespace tiled_detail

namespace {

TiledMap parse_json_map(std::string_view text, const std::string& path, const TiledLoadOptions& options) {
  TiledMap map;
  map.path = path;
  const Json root = parse_json(text, path);
  if (!root.is_object()) fail(path, "map", "a Tiled JSON map must be an object");
  const std::string orientation = get_string(root, "orientation", "orthogonal");
  if (orientation != "orthogonal")
    fail(path, "map", "orientation '" + orientation + "' is not supported (orthogonal only)");
  const auto inf = root.find("infinite");
  if (inf != root.end() && ((inf->is_boolean() && inf->get<bool>()) || (inf->is_number() && inf->get<double>() != 0)))
    fail(path, "map", "infinite maps are not supported");
  map.width = int(get_int(root, "width", path, "map", 1, 1 << 24));
  map.height = int(get_int(root, "height", path, "map", 1, 1 << 24));
  map.tile_width = int(get_int(root, "tilewidth", path, "map", 1, 1 << 20));
  map.tile_height = int(get_int(root, "tileheight", path, "map", 1, 1 << 20));
  if (std::int64_t(map.width) * map.height > kMaxCells) fail(path, "map", "too many tiles");
  const auto tss = root.find("tilesets");
  if (tss != root.end()) {
    if (!tss->is_array()) fail(path, "map", "'tilesets' must be an array");
    for (const Json& ts : *tss) {
      if (!ts.is_object()) fail(path, "tilesets", "a tileset must be an object");
      TiledTileset t;
      const std::string where = "tileset '" + get_string(ts, "name", get_string(ts, "source")) + "'";
      t.firstgid = std::uint32_t(get_int(ts, "firstgid", path, where, 1, 0x0FFFFFFFLL));
      if (ts.contains("source")) {
        t.source = get_string(ts, "source");
        load_external_tileset(t, path, map.tile_width, map.tile_height);
      } else {
        read_tileset_json(ts, t, path, where, map.tile_width, map.tile_height);
      }
      map.tilesets.push_back(std::move(t));
    }
  }
  const auto layers = root.find("layers");
  if (layers == root.end()) fail(path, "map", "missing field 'layers'");
  read_layers(*layers, map, options, "map");
  finish_map(map, options);
  return map;
}

}  // namespace

TiledMap parse_tiled_json(std::string_view text, const std::string& path, const TiledLoadOptions& options) {
  try {
    return parse_json_map(text, path, options);
  } catch (const Json::exception& e) {  // a field of an unexpected type deep inside
    fail(path, "map", std::string("unexpected JSON: ") + e.what());
  }
}

}  // namespace collide2d
