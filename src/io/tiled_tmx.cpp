// collide2d - 2D collision detection for games. MIT License.
// Tiled TMX (XML) maps and TSX tilesets, read with pugixml.
#include <pugixml.hpp>

#include <cstring>

#include "io/tiled_internal.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

using namespace tiled_detail;

namespace {

pugi::xml_document parse_xml(std::string_view text, const std::string& file, const char* root_name) {
  pugi::xml_document doc;
  const pugi::xml_parse_result r = doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
  if (!r)
    fail(file, "byte " + std::to_string(r.offset), std::string("malformed XML: ") + r.description());
  if (!doc.child(root_name))
    fail(file, doc.first_child() ? std::string("<") + doc.first_child().name() + ">" : "document",
         std::string("the root element is not <") + root_name + ">");
  return doc;
}

std::int64_t int_attr(const pugi::xml_node& n, const char* attr, const std::string& file, const std::string& where,
                      std::int64_t lo, std::int64_t hi, std::optional<std::int64_t> fallback = std::nullopt) {
  const pugi::xml_attribute a = n.attribute(attr);
  if (!a) {
    if (fallback) return *fallback;
    fail(file, where, std::string("missing attribute '") + attr + "'");
  }
  return parse_int(a.value(), file, where, attr, lo, hi);
}

double num_attr(const pugi::xml_node& n, const char* attr, const std::string& file, const std::string& where,
                double fallback) {
  const pugi::xml_attribute a = n.attribute(attr);
  return a ? parse_number(a.value(), file, where, attr) : fallback;
}

void read_properties(const pugi::xml_node& n, std::map<std::string, std::string>& out) {
  for (pugi::xml_node p : n.child("properties").children("property")) {
    const char* v = p.attribute("value") ? p.attribute("value").value() : p.text().get();
    out[p.attribute("name").value()] = v;
  }
}

/// Tileset contents shared by inline tilesets and .tsx files.
void read_tileset_body(const pugi::xml_node& ts, TiledTileset& out, const std::string& file,
                       const std::string& where, int map_tw, int map_th) {
  out.name = ts.attribute("name").value();
  const int tw = int(int_attr(ts, "tilewidth", file, where, 1, 1 << 20, map_tw));
  const int th = int(int_attr(ts, "tileheight", file, where, 1, 1 << 20, map_th));
  out.tile_count = int(int_attr(ts, "tilecount", file, where, 0, 1 << 28, 0));
  if (out.tile_count == 0) {
    if (pugi::xml_node img = ts.child("image")) {
      out.tile_count = image_tile_count(int(int_attr(img, "width", file, where + " <image>", 0, 1 << 24, 0)),
                                        int(int_attr(img, "height", file, where + " <image>", 0, 1 << 24, 0)), tw, th,
                                        int(int_attr(ts, "margin", file, where, 0, 1 << 20, 0)),
                                        int(int_attr(ts, "spacing", file, where, 0, 1 << 20, 0)));
    }
  }
  for (pugi::xml_node tile : ts.children("tile")) {
    const int id = int(int_attr(tile, "id", file, where + " <tile>", 0, 1 << 28));
    std::map<std::string, std::string> props;
    read_properties(tile, props);
    if (!props.empty()) out.properties[id] = std::move(props);
  }
}

void read_objects(const pugi::xml_node& group, TiledMap& map) {
  const std::string& file = map.path;
  const std::string layer = group.attribute("name").value();
  for (pugi::xml_node o : group.children("object")) {
    const std::string where = "object " + std::string(o.attribute("id").value()) + " in layer '" + layer + "'";
    TiledObject obj;
    obj.id = int(int_attr(o, "id", file, where, 0, 1LL << 31, 0));
    obj.name = o.attribute("name").value();
    obj.type = o.attribute("type") ? o.attribute("type").value() : o.attribute("class").value();
    obj.layer = layer;
    obj.position = {Real(num_attr(o, "x", file, where, 0)), Real(num_attr(o, "y", file, where, 0))};
    obj.size = {Real(num_attr(o, "width", file, where, 0)), Real(num_attr(o, "height", file, where, 0))};
    obj.rotation = Real(num_attr(o, "rotation", file, where, 0));
    if (obj.size.x < 0 || obj.size.y < 0) fail(file, where, "negative width or height");
    if (o.child("ellipse")) {
      obj.kind = TiledObject::Kind::ellipse;
    } else if (o.child("point")) {
      obj.kind = TiledObject::Kind::point;
    } else if (pugi::xml_node poly = o.child("polygon") ? o.child("polygon") : o.child("polyline")) {
      obj.kind = std::strcmp(poly.name(), "polygon") == 0 ? TiledObject::Kind::polygon : TiledObject::Kind::polyline;
      const std::string pts = poly.attribute("points").value();
      std::size_t i = 0;
      while (i < pts.size()) {
        while (i < pts.size() && pts[i] == ' ') ++i;
        if (i >= pts.size()) break;
        std::size_t j = pts.find(' ', i);
        if (j == std::string::npos) j = pts.size();
        const std::string xy = pts.substr(i, j - i);
        const std::size_t comma = xy.find(',');
        if (comma == std::string::npos) fail(file, where, "polygon point '" + xy + "' is not x,y");
        const double x = parse_number(xy.substr(0, comma), file, where, "points");
        const double y = parse_number(xy.substr(comma + 1), file, where, "points");
        const double a = double(obj.rotation) * 3.14159265358979323846 / 180.0;
        obj.points.push_back(obj.position + Vec2{Real(x * std::cos(a) - y * std::sin(a)),
                                                 Real(x * std::sin(a) + y * std::cos(a))});
        i = j;
      }
    } else if (o.attribute("gid")) {
      obj.kind = TiledObject::Kind::tile;
    } else {
      obj.kind = TiledObject::Kind::rectangle;
    }
    map.objects.push_back(std::move(obj));
  }
}

void read_layers(const pugi::xml_node& parent, TiledMap& map, const TiledLoadOptions& options) {
  const std::string& file = map.path;
  for (pugi::xml_node n : parent.children()) {
    const std::string tag = n.name();
    if (tag == "group") {
      read_layers(n, map, options);
    } else if (tag == "objectgroup") {
      if (options.load_objects) read_objects(n, map);
    } else if (tag == "layer") {
      TiledLayer layer;
      layer.name = n.attribute("name").value();
      const std::string where = "layer '" + layer.name + "'";
      layer.width = int(int_attr(n, "width", file, where, 1, 1 << 24, map.width));
      layer.height = int(int_attr(n, "height", file, where, 1, 1 << 24, map.height));
      if (std::int64_t(layer.width) * layer.height > kMaxCells) fail(file, where, "too many tiles");
      layer.visible = n.attribute("visible").as_int(1) != 0;
      const pugi::xml_node data = n.child("data");
      if (!data) fail(file, where, "no <data> element");
      if (data.child("chunk")) fail(file, where + " <data>", "chunked (infinite) layer data is not supported");
      const std::size_t count = std::size_t(layer.width) * std::size_t(layer.height);
      const pugi::xml_attribute enc = data.attribute("encoding");
      if (!enc) {  // <tile gid="..."/> elements
        layer.gids.reserve(count);
        for (pugi::xml_node t : data.children("tile")) {
          if (layer.gids.size() == count) fail(file, where + " <data>", "more <tile> elements than " + std::to_string(count));
          layer.gids.push_back(std::uint32_t(int_attr(t, "gid", file, where + " <tile>", 0, 0xFFFFFFFFLL, 0)));
        }
        if (layer.gids.size() != count)
          fail(file, where + " <data>", "layer data has " + std::to_string(layer.gids.size()) + " tiles, expected " +
                                            std::to_string(count));
      } else {
        layer.gids = decode_layer(enc.value(), data.attribute("compression").value(), data.text().get(), count, file,
                                  where + " <data>");
      }
      map.layers.push_back(std::move(layer));
    }
  }
}

}  // namespace

namespace tiled_detail {

void load_tsx(TiledTileset& ts, const std::string& tsx_path, int tile_w, int tile_h) {
  const std::string text = read_file(tsx_path, "tileset");
  const pugi::xml_document doc = parse_xml(text, tsx_path, "tileset");
  read_tileset_body(doc.child("tileset"), ts, tsx_path, "<tileset>", tile_w, tile_h);
}

}  // namespace tiled_detail

TiledMap parse_tmx(std::string_view text, const std::string& path, const TiledLoadOptions& options) {
  TiledMap map;
  map.path = path;
  const pugi::xml_document doc = parse_xml(text, path, "map");
  const pugi::xml_node root = doc.child("map");
  const std::string orientation = root.attribute("orientation").as_string("orthogonal");
  if (orientation != "orthogonal")
    fail(path, "<map>", "orientation '" + orientation + "' is not supported (orthogonal only)");
  const std::string infinite = root.attribute("infinite").as_string("0");
  if (infinite != "0" && infinite != "false") fail(path, "<map>", "infinite maps are not supported");
  map.width = int(int_attr(root, "width", path, "<map>", 1, 1 << 24));
  map.height = int(int_attr(root, "height", path, "<map>", 1, 1 << 24));
  map.tile_width = int(int_attr(root, "tilewidth", path, "<map>", 1, 1 << 20));
  map.tile_height = int(int_attr(root, "tileheight", path, "<map>", 1, 1 << 20));
  if (std::int64_t(map.width) * map.height > kMaxCells) fail(path, "<map>", "too many tiles");
  for (pugi::xml_node ts : root.children("tileset")) {
    TiledTileset t;
    const std::string where = "tileset '" + std::string(ts.attribute("name") ? ts.attribute("name").value()
                                                                             : ts.attribute("source").value()) + "'";
    t.firstgid = std::uint32_t(int_attr(ts, "firstgid", path, where, 1, 0x0FFFFFFFLL));
    if (ts.attribute("source")) {
      t.source = ts.attribute("source").value();
      load_external_tileset(t, path, map.tile_width, map.tile_height);
    } else {
      read_tileset_body(ts, t, path, where, map.tile_width, map.tile_height);
    }
    map.tilesets.push_back(std::move(t));
  }
  read_layers(root, map, options);
  finish_map(map, options);
  return map;
}

}  // namespace collide2d
