<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="terrain" tilewidth="16" tileheight="16" tilecount="4" columns="4">
 <image source="terrain.png" width="64" height="16"/>
 <tile id="0" type="rock">
  <objectgroup draworder="index" id="2">
   <object id="1" x="0" y="0" width="16" height="16"/>
  </objectgroup>
 </tile>
 <tile id="1" type="slope">
  <objectgroup draworder="index" id="2">
   <object id="1" x="0" y="0">
    <polygon points="0,16 16,16 16,0"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="3" type="ceiling">
  <objectgroup draworder="index" id="2">
   <object id="1" x="0" y="0" width="16" height="6"/>
  </objectgroup>
 </tile>
</tileset>
